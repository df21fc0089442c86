"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { getAccountStatus } from "../actions";
import { CodeVerification, VerificationComplete } from "./code-verification";

/** product §2.12 form A: after a successful code, go on to `redirectTo` two seconds later, if there is one. */
export const redirectDelayMs = 2_000;

export function VerifyEmailForm({ email, redirectTo }: { email: string; redirectTo: string | null }) {
  const router = useRouter();
  const [done, setDone] = useState<{ subscribed: boolean } | null>(null);

  useEffect(() => {
    if (!done || !redirectTo) return;
    const timer = setTimeout(() => router.push(redirectTo), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [done, redirectTo, router]);

  if (done) {
    return (
      <div className="grid gap-3">
        <VerificationComplete subscribed={done.subscribed} />
        {redirectTo && (
          <p className="text-center text-sm text-muted-foreground">Taking you on in a moment…</p>
        )}
      </div>
    );
  }
  return (
    <CodeVerification
      email={email}
      form="A"
      onVerified={async () => {
        const status = await getAccountStatus({});
        setDone({ subscribed: status.ok && status.data.subscribed });
      }}
    />
  );
}
