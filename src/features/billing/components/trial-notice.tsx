import Link from "next/link";

import type { LicenceTrial } from "@/lib/session";

import { describeTrial } from "../trial-terms";

/**
 * The app's notice while a licence is on its free trial (ADR 190): when it ends and what happens
 * then. Its admins are led to the Billing section, where they can see the plan or cancel; the other
 * users are told their admin decides.
 */
export function TrialNotice({ trial, admin }: { trial: LicenceTrial; admin: boolean }) {
  const { headline, then } = describeTrial({ ...trial, trialEnd: trial.endsAt });
  return (
    <aside aria-label="Free trial" className="mb-6 border-y border-primary/40 bg-accent px-4 py-3">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm">
          <strong>{headline}.</strong>{" "}
          {admin ? then : "Your organisation's admin decides whether the plan carries on after the trial."}
        </p>
        {admin && (
          <Link
            href="/account-management/dashboard?section=billing"
            className="shrink-0 text-sm font-medium underline underline-offset-2"
          >
            Billing
          </Link>
        )}
      </div>
    </aside>
  );
}
