"use client";

import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { changeTo, FormField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { passwordLimits } from "@/lib/security/password-policy";

import { authErrorMessage } from "../auth-errors";
import { NewPasswordField } from "./password-fields";

/** Sets a new password from the e-mailed link; every session of the account ends (R9). */
export function UpdatePasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (password.length < passwordLimits.min)
      return setError(`Use at least ${passwordLimits.min} characters.`);
    if (password !== confirm) return setError("The two passwords do not match.");
    setBusy(true);
    const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
    setBusy(false);
    if (failure) return setError(authErrorMessage(failure, "We could not change your password."));
    setDone(true);
  }

  if (done) {
    return (
      <div role="status" className="grid gap-3">
        <p>Your password has been changed, and you have been signed out everywhere.</p>
        <Button asChild>
          <Link href="/account-management/signin">Log In</Link>
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <NewPasswordField
        id="new-password"
        value={password}
        onChange={changeTo(setPassword, () => setError(null))}
      />
      <FormField
        id="confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={changeTo(setConfirm, () => setError(null))}
      />
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
      <Button type="submit" disabled={busy}>
        {busy && <Spinner label="Saving" />}
        Set new password
      </Button>
    </form>
  );
}
