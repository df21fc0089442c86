"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SignUpForm } from "@/features/accounts/components/sign-up-form";

import { acceptLicenceInvite } from "../actions";
import { afterJoiningPath } from "../paths";

/**
 * The invitee's way in: sign up (with both acceptances and the e-mailed code) and join the licence,
 * or, already signed in as the invited address, just join. A seat is taken only at that moment.
 */
export function DelegateSignUp({
  token,
  email,
  signedInAs,
  licenceAgreement,
  privacyPolicy,
}: {
  token: string;
  email: string;
  signedInAs: string | null;
  licenceAgreement: ReactNode;
  privacyPolicy: ReactNode;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function join(): Promise<string | null> {
    const result = await acceptLicenceInvite({ token });
    if (!result.ok) return result.message;
    router.push(afterJoiningPath);
    return null;
  }

  if (signedInAs === email) {
    return (
      <div className="grid gap-3">
        <p>You are signed in as {email}.</p>
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {error}
        </p>
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(await join());
            setBusy(false);
          }}
        >
          {busy && <Spinner label="Joining" />}
          Join the licence
        </Button>
      </div>
    );
  }
  return (
    <SignUpForm
      licenceAgreement={licenceAgreement}
      privacyPolicy={privacyPolicy}
      invitedEmail={email}
      afterVerification={join}
    />
  );
}
