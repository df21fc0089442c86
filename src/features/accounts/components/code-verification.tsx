"use client";

import { REGEXP_ONLY_DIGITS } from "input-otp";
import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { InputOTP, InputOTPGroup, InputOTPSlot } from "@/components/ui/input-otp";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";

import { authErrorMessage } from "../auth-errors";

const codeLength = 6;
const keepDigits = (text: string) => text.replace(/\D/g, "");

/**
 * The six-digit code boxes with Verify and Resend OTP (product §2.12, §5). Only digits are accepted;
 * a digit moves to the next box and Backspace in an empty box to the previous one (input-otp).
 * Form A (the verify page) accepts a paste only when it is exactly six digits and always handles
 * the paste itself; form B (the sign-up overlay) lets the first box take any paste, keeping its digits.
 */
export function CodeVerification({
  email,
  form,
  notice,
  onVerified,
}: {
  email: string;
  form: "A" | "B";
  /** Said above the boxes, e.g. that the code sent before is the one to enter. */
  notice?: string;
  onVerified: () => void;
}) {
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const labelId = useId();

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (code.length !== codeLength) return;
    setVerifying(true);
    setError(null);
    const { error: failure } = await authClient.emailOtp.verifyEmail({ email, otp: code });
    setVerifying(false);
    if (failure) {
      setError(authErrorMessage(failure, "Verification failed"));
      return;
    }
    onVerified();
  }

  async function resend() {
    setResending(true);
    setResendError(null);
    setResent(false);
    const { error: failure } = await authClient.emailOtp.sendVerificationOtp({
      email,
      type: "email-verification",
    });
    setResending(false);
    if (failure) setResendError(authErrorMessage(failure, "We could not send a new code."));
    else setResent(true);
  }

  function pasteExactCode(event: React.ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData("text").trim();
    if (/^\d{6}$/.test(pasted)) {
      setCode(pasted);
      const input = event.currentTarget;
      requestAnimationFrame(() => input.setSelectionRange(codeLength, codeLength));
    }
  }

  return (
    <form onSubmit={verify} className="grid gap-4">
      <p id={labelId} className="text-sm">
        Enter the six-digit code we sent to <strong className="break-all">{email}</strong>.
      </p>
      {notice && (
        <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
          {notice}
        </p>
      )}
      <InputOTP
        maxLength={codeLength}
        pattern={REGEXP_ONLY_DIGITS}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        onPaste={form === "A" ? pasteExactCode : undefined}
        pasteTransformer={form === "B" ? keepDigits : undefined}
        disabled={verifying}
        aria-labelledby={labelId}
        containerClassName="justify-center"
        autoFocus
      >
        <InputOTPGroup>
          {Array.from({ length: codeLength }, (_, index) => (
            <InputOTPSlot key={index} index={index} />
          ))}
        </InputOTPGroup>
      </InputOTP>
      <div className="min-h-5 text-center text-xs" aria-live="polite">
        {resendError && <p className="text-destructive">{resendError}</p>}
        {resent && <p className="text-muted-foreground">A new code is on its way.</p>}
      </div>
      <p role="alert" className="text-center text-sm text-destructive empty:hidden">
        {error}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button type="button" variant="outline" onClick={resend} disabled={resending || verifying}>
          {resending && <Spinner label="Sending a new code" />}
          Resend OTP
        </Button>
        <Button type="submit" disabled={code.length !== codeLength || verifying}>
          {verifying && <Spinner label="Verifying" />}
          Verify
        </Button>
      </div>
    </form>
  );
}

/** What the user sees once the code is accepted: a small celebration and, without a plan, the way to one. */
export function VerificationComplete({ subscribed }: { subscribed: boolean }) {
  return (
    <div className="grid justify-items-center gap-3 text-center" role="status">
      <CheckCircle2
        aria-hidden="true"
        className="size-16 animate-in text-primary duration-700 zoom-in-50 fade-in"
      />
      <h2 className="text-xl font-semibold">Verification Complete</h2>
      <p className="text-muted-foreground">
        Congratulations, your e-mail address is confirmed and your account is ready.
      </p>
      {!subscribed && (
        <Button asChild>
          <Link href="/pricing/choose-your-plan">Proceed with Free Trial</Link>
        </Button>
      )}
    </div>
  );
}
