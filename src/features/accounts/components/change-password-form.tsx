"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { changeTo } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";

import { authErrorMessage } from "../auth-errors";
import { CurrentPasswordField, NewPasswordField } from "./password-fields";

/** Changing the password signs the account out everywhere else. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!current || !next) return setMessage({ text: "Please fill all fields", error: true });
    setBusy(true);
    const { error } = await authClient.changePassword({
      currentPassword: current,
      newPassword: next,
      revokeOtherSessions: true,
    });
    setBusy(false);
    if (error)
      return setMessage({ text: authErrorMessage(error, "We could not change your password."), error: true });
    setCurrent("");
    setNext("");
    setMessage({ text: "Your password has been changed. Other devices have been signed out.", error: false });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <CurrentPasswordField
        id="current-password"
        value={current}
        onChange={changeTo(setCurrent, () => setMessage(null))}
      />
      <NewPasswordField
        id="change-new-password"
        value={next}
        onChange={changeTo(setNext, () => setMessage(null))}
      />
      <p role="status" className={message?.error ? "text-sm text-destructive" : "text-sm text-primary"}>
        {message?.text}
      </p>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy && <Spinner label="Changing password" />}
        Change password
      </Button>
    </form>
  );
}
