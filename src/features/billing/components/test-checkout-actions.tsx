"use client";

import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

import { payTestCheckout } from "../actions";

/**
 * Pay and Cancel on the local test checkout, as Stripe's hosted page offers them. A free trial's
 * checkout also asks which test card to keep on file: one that pays when the trial ends, or one that
 * is declined then (Stripe's test cards 4242 4242 4242 4242 and 4000 0000 0000 0341).
 */
export function TestCheckoutActions({
  sessionId,
  payLabel,
  cancelUrl,
  trial = false,
}: {
  sessionId: string;
  payLabel: string;
  cancelUrl: string;
  trial?: boolean;
}) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardDeclines, setCardDeclines] = useState(false);
  const cardHint = useId();

  async function pay() {
    setLoading(true);
    setError(null);
    try {
      const result = await payTestCheckout({ sessionId, ...(trial && { cardDeclines }) });
      if (result.ok) {
        window.location.assign(result.data.url);
        return;
      }
      setError(result.message);
    } catch {
      setError("Checkout failed");
    }
    setLoading(false);
  }

  return (
    <div className="space-y-3">
      {trial && (
        <fieldset className="space-y-2 rounded-lg border p-4" aria-describedby={cardHint} disabled={loading}>
          <legend className="px-1 font-semibold">Test card</legend>
          <p id={cardHint} className="text-sm text-muted-foreground">
            Kept on file and charged when the trial ends. No real card is used.
          </p>
          {[
            { declines: false, label: "A card that pays when charged" },
            { declines: true, label: "A card that is declined when charged" },
          ].map((card) => (
            <label key={String(card.declines)} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="test-card"
                checked={cardDeclines === card.declines}
                onChange={() => setCardDeclines(card.declines)}
                className="accent-[var(--primary)]"
              />
              {card.label}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <a href={cancelUrl}>Cancel</a>
        </Button>
        <Button type="button" disabled={loading} aria-busy={loading || undefined} onClick={() => void pay()}>
          {loading && <Spinner label="Paying" />}
          {payLabel}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
