"use client";

import { useState, type ComponentProps } from "react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * Upgrade Plan (product §2.13, §2.15): asks the server for a billing-portal session for the signed-in
 * admin's licence and goes there. It sends no customer id: the server takes it from the session.
 * For licence admins only; anyone else is refused by the server.
 */
export function UpgradePlanButton({
  children = "Upgrade Plan",
  ...props
}: Omit<ComponentProps<typeof Button>, "onClick" | "asChild">) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function openPortal() {
    setLoading(true);
    setError(null);
    try {
      const response = await fetch("/api/portal", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const body = (await response.json().catch(() => null)) as {
        url?: string;
        error?: { message?: string };
      } | null;
      if (response.ok && body?.url) {
        window.location.assign(body.url);
        return;
      }
      setError(body?.error?.message ?? "The billing portal could not be opened. Please try again.");
    } catch {
      setError("The billing portal could not be opened. Please try again.");
    }
    setLoading(false);
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        type="button"
        {...props}
        disabled={loading || props.disabled}
        aria-busy={loading || undefined}
        onClick={() => void openPortal()}
      >
        {loading && <Spinner label="Opening the billing portal" />}
        {children}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-destructive">
          {error}
        </span>
      )}
    </span>
  );
}
