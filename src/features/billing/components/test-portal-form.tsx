"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/action";

import { cancelTestPortalSubscription, changeTestPortalSeats, endTestPortalTrialNow } from "../actions";

/**
 * The test portal's changes: the number of seats, and cancelling; during a free trial, also ending
 * the trial now (the test checkout's clock, ADR 190). Each is synced at once.
 */
export function TestPortalForm({
  seats,
  cancelled,
  trialing = false,
}: {
  seats: number;
  cancelled: boolean;
  trialing?: boolean;
}) {
  const router = useRouter();
  const [value, setValue] = useState(String(seats));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function run(change: () => Promise<ActionResult<unknown>>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      const result = await change();
      setMessage(result.ok ? { text: done, error: false } : { text: result.message, error: true });
      if (result.ok) router.refresh();
    } catch {
      setMessage({ text: "The change could not be made. Please try again.", error: true });
    }
    setBusy(false);
  }

  return (
    <div className="space-y-6">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const next = Number(value);
          void run(
            () => changeTestPortalSeats({ seats: next }),
            `Your licence now has ${next} ${next === 1 ? "seat" : "seats"}.`,
          );
        }}
      >
        <div className="sm:w-48">
          <FormField
            id="test-portal-seats"
            label="Number of seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={value}
            disabled={busy || cancelled}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy || cancelled}>
          Change seats
        </Button>
      </form>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="button"
          variant="destructive"
          disabled={busy || cancelled}
          onClick={() =>
            void run(
              () => cancelTestPortalSubscription({}),
              trialing
                ? "Your free trial is cancelled. Nothing has been charged."
                : "Your subscription is cancelled.",
            )
          }
        >
          {trialing ? "Cancel free trial" : "Cancel subscription"}
        </Button>
        {trialing && (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => endTestPortalTrialNow({}), "The free trial has ended.")}
          >
            End the trial now
          </Button>
        )}
      </div>
      <p role="status" className={message?.error ? "text-sm text-destructive" : "text-sm"}>
        {message?.text}
      </p>
    </div>
  );
}
