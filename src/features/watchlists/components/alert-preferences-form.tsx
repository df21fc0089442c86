"use client";

import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

import { saveAlertPreferences } from "../actions";
import type { AlertPreferences } from "../queries";
import { watchlistToast } from "./toasts";

const deliveries: { value: AlertPreferences["delivery"]; label: string }[] = [
  { value: "immediate", label: "After each import that changes my packs" },
  { value: "weekly", label: "Once a week, on Monday morning, all the week's changes in one e-mail" },
];

/**
 * Watchlist alerts on or off, the smallest price change worth an e-mail, at once or weekly, and
 * whether the licence's margin-check lines that turn loss-making come in the same e-mails.
 */
export function AlertPreferencesForm({ initial }: { initial: AlertPreferences }) {
  const thresholdId = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [threshold, setThreshold] = useState(String(initial.thresholdPercent));
  const [delivery, setDelivery] = useState(initial.delivery);
  const [marginLosses, setMarginLosses] = useState(initial.marginLosses);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await saveAlertPreferences({
      enabled,
      thresholdPercent: Number(threshold),
      delivery,
      marginLosses,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.fieldErrors?.thresholdPercent?.[0] ?? result.message);
      return;
    }
    setError(null);
    toast.success("Alert preferences saved", { id: watchlistToast });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Choice checked={enabled} onChange={setEnabled}>
        E-mail me when a pack on my watchlists changes
      </Choice>
      <div className="space-y-2">
        <label htmlFor={thresholdId} className="block text-sm font-medium">
          Smallest price change to tell me about (%)
        </label>
        <Input
          id={thresholdId}
          type="number"
          inputMode="decimal"
          min={0}
          max={1000}
          step="0.1"
          value={threshold}
          disabled={!enabled}
          onChange={(event) => setThreshold(event.target.value)}
          className="w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${thresholdId}-hint${error ? ` ${thresholdId}-error` : ""}`}
        />
        <p id={`${thresholdId}-hint`} className="text-sm text-muted-foreground">
          0 means every price change. Concessions, category changes, deletions and discontinued packs are
          always included.
        </p>
        {error && (
          <p id={`${thresholdId}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Choice checked={marginLosses} onChange={setMarginLosses}>
        Include margin-check lines that turn loss-making
      </Choice>
      <fieldset className="space-y-2" disabled={!enabled && !marginLosses}>
        <legend className="text-sm font-medium">When to e-mail me</legend>
        {deliveries.map((choice) => (
          <label key={choice.value} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name="delivery"
              className="size-4"
              value={choice.value}
              checked={delivery === choice.value}
              onChange={() => setDelivery(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy}>
        Save alert preferences
      </Button>
    </form>
  );
}

/** A tick box with its words as its label, the whole line the target. */
function Choice({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
