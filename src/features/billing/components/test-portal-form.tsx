"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/action";

import { cancelTestPortalSubscription, changeTestPortalSeats } from "../actions";

/** The test portal's two changes: the number of seats, and cancelling. Each is synced at once. */
export function TestPortalForm({ seats, cancelled }: { seats: number; cancelled: boolean }) {
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
          void run(() => changeTestPortalSeats({ seats: next }), `Your licence now has ${next} seats.`);
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
      <Button
        type="button"
        variant="destructive"
        disabled={busy || cancelled}
        onClick={() => void run(() => cancelTestPortalSubscription({}), "Your subscription is cancelled.")}
      >
        Cancel subscription
      </Button>
      <p role="status" className={message?.error ? "text-sm text-destructive" : "text-sm"}>
        {message?.text}
      </p>
    </div>
  );
}
