"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { choosePlanPath, signInPath } from "@/lib/paths";

import { startCheckout } from "../actions";
import type { BillingInterval, Plan } from "../plans";

export type CheckoutStatus =
  { state: "idle" } | { state: "loading" } | { state: "error"; message: string; organisation?: string };

/**
 * Whether the free trial is on offer here (ADR 190): to anyone not signed in and to users who have not
 * had one; someone who has is told why and offered the plans. The server decides again at checkout.
 */
export type TrialOffer = { state: "offered" } | { state: "refused"; reason: string };

/**
 * The checkout's choices (billing interval, organisation name) and its course: idle, loading, then off
 * to the provider's hosted checkout, or an error with loading cleared. A user who has had a trial is
 * told why there is none, and one who is signed out is sent to sign in and back.
 */
export function usePlanCheckout(initialTrial: TrialOffer) {
  const router = useRouter();
  const [interval, setInterval] = useState<BillingInterval>("monthly");
  const [organisation, setOrganisation] = useState("");
  const [status, setStatus] = useState<CheckoutStatus>({ state: "idle" });
  const [trial, setTrial] = useState<TrialOffer>(initialTrial);
  const trialOffered = trial.state === "offered";

  // Coming back from the checkout with the Back button restores this page as it was left: loading.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setStatus({ state: "idle" });
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  async function checkout(plan: Plan) {
    setStatus({ state: "loading" });
    try {
      const result = await startCheckout({
        planId: plan.id,
        interval,
        ...(plan.seats > 1 && { organisation }),
        ...(trialOffered && { trial: true }),
      });
      if (result.ok) {
        window.location.assign(result.data.url);
        return;
      }
      const refusal = result.fieldErrors?.trial?.[0];
      if (refusal) {
        // No trial for this user: say why, and offer the plans to pay for at once.
        setTrial({ state: "refused", reason: refusal });
        setStatus({ state: "idle" });
        return;
      }
      if (result.code === "unauthorized") {
        const back = `${choosePlanPath}?plan=${plan.id}`;
        router.push(`${signInPath}?redirect=${encodeURIComponent(back)}`);
        return;
      }
      setStatus({
        state: "error",
        message: result.message,
        organisation: result.fieldErrors?.organisation?.[0],
      });
    } catch {
      setStatus({ state: "error", message: "Checkout failed" });
    }
  }

  return {
    interval,
    setInterval,
    organisation,
    setOrganisation,
    status,
    setStatus,
    trial,
    trialOffered,
    loading: status.state === "loading",
    /** Starts the checkout of `plan`. */
    start: checkout,
  };
}

export type PlanCheckout = ReturnType<typeof usePlanCheckout>;
