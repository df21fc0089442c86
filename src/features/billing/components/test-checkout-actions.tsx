"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

import { payTestCheckout } from "../actions";

/** Pay and Cancel on the local test checkout, as Stripe's hosted page offers them. */
export function TestCheckoutActions({
  sessionId,
  payLabel,
  cancelUrl,
}: {
  sessionId: string;
  payLabel: string;
  cancelUrl: string;
}) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setLoading(true);
    setError(null);
    try {
      const result = await payTestCheckout({ sessionId });
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
