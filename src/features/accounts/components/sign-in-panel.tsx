"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { changeTo, EmailField } from "@/components/ui/form-field";
import { BlockingSpinner, Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";

import { authErrorMessage, isEmailNotConfirmed } from "../auth-errors";
import { AuthCard } from "./auth-card";
import { CurrentPasswordField } from "./password-fields";

/** The sign-in card (product §2.9) and the forgotten-password card (§2.10) it switches to. */
export function SignInPanel({
  redirectTo,
  initialEmail = "",
}: {
  redirectTo: string;
  initialEmail?: string;
}) {
  const [mode, setMode] = useState<"sign-in" | "reset">("sign-in");
  const [email, setEmail] = useState(initialEmail);
  return mode === "sign-in" ? (
    <SignInCard
      redirectTo={redirectTo}
      email={email}
      onEmailChange={setEmail}
      onForgotten={() => setMode("reset")}
    />
  ) : (
    <ForgottenPasswordCard email={email} onEmailChange={setEmail} onBack={() => setMode("sign-in")} />
  );
}

type CardProps = { email: string; onEmailChange: (email: string) => void };

function SignInCard({
  redirectTo,
  email,
  onEmailChange,
  onForgotten,
}: CardProps & { redirectTo: string; onForgotten: () => void }) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState({ email: false, password: false });
  const [notConfirmed, setNotConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  const clearError = () => {
    setError(null);
    setNotConfirmed(false);
  };
  /** Typing in a field clears what the last attempt said about it. */
  const edit = (field: keyof typeof missing, set: (value: string) => void) =>
    changeTo(set, () => {
      setMissing((m) => ({ ...m, [field]: false }));
      clearError();
    });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) {
      setError("Please fill all fields");
      return;
    }
    setBusy(true);
    const { error: failure } = await authClient.signIn.email({ email: email.trim(), password });
    if (failure) {
      setBusy(false);
      setError(authErrorMessage(failure, "Login failed. Please try again."));
      setNotConfirmed(isEmailNotConfirmed(failure));
      return;
    }
    // Until the next page has checked the new session, the user is not yet known: block the screen (product §2.15).
    setSignedIn(true);
    router.replace(redirectTo);
    router.refresh();
  }

  async function resendConfirmation() {
    setResending(true);
    const { error: failure } = await authClient.emailOtp.sendVerificationOtp({
      email: email.trim(),
      type: "email-verification",
    });
    setResending(false);
    if (failure) {
      setError(authErrorMessage(failure, "We could not send a new code. Please try again."));
      return;
    }
    const params = new URLSearchParams({ email: email.trim(), redirect: "/pricing/plans" });
    router.push(`/account-management/verify?${params}`);
  }

  return (
    <>
      {signedIn && <BlockingSpinner label="Signing you in" />}
      <AuthCard title="Log In" description="Log in to your TariffScope account.">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <EmailField
            id="signin-email"
            value={email}
            aria-invalid={missing.email || undefined}
            onChange={edit("email", onEmailChange)}
          />
          <CurrentPasswordField
            id="signin-password"
            label="Password"
            value={password}
            aria-invalid={missing.password || undefined}
            onChange={edit("password", setPassword)}
          />
          <div role="alert" aria-live="assertive" className="min-h-5 text-sm text-destructive">
            {error}
          </div>
          {notConfirmed && (
            <div className="rounded-md border bg-muted/50 p-3 text-sm">
              <p>Your e-mail address is not confirmed yet. We can send you a new confirmation code.</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={resendConfirmation}
                disabled={resending}
              >
                {resending && <Spinner label="Sending" />}
                Resend confirmation code
              </Button>
            </div>
          )}
          <Button type="submit" disabled={busy}>
            {busy && <Spinner label="Signing in" />}
            Login
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button type="button" variant="link" className="px-0" onClick={onForgotten}>
              Forgotten Password?
            </Button>
            <Button asChild variant="outline">
              <Link href="/account-management/signup">New User</Link>
            </Button>
          </div>
        </form>
      </AuthCard>
    </>
  );
}

function ForgottenPasswordCard({ email, onEmailChange, onBack }: CardProps & { onBack: () => void }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setMessage({ text: "Please enter your email address", error: true });
      return;
    }
    setBusy(true);
    const { error } = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: "/account-management/update-password",
    });
    setBusy(false);
    // The same answer whether or not the address has an account (R7); only a limit is worth telling.
    if (error?.status === 429) setMessage({ text: authErrorMessage(error, ""), error: true });
    else setMessage({ text: "Please check your email for a reset password link", error: false });
  }

  return (
    <AuthCard
      title="Forgotten Password"
      description="Enter your e-mail address and we will send you a link to set a new password."
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <EmailField
          id="reset-email"
          value={email}
          aria-invalid={message?.error && !email.trim() ? true : undefined}
          onChange={changeTo(onEmailChange, () => setMessage(null))}
        />
        <div
          role="status"
          aria-live="polite"
          className={message?.error ? "text-sm text-destructive" : "text-sm"}
        >
          {message?.text}
        </div>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner label="Sending" />}
          Reset Password
        </Button>
        <Button type="button" variant="outline" onClick={onBack}>
          Back to Login
        </Button>
      </form>
    </AuthCard>
  );
}
