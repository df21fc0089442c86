"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

import { addLicenceUser, inviteLicenceUser, searchLicenceUser } from "../actions";
import { ownPlanWords } from "../own-plan";
import type { FoundUser } from "../queries";
import { manageUsersToast } from "./toasts";

/** product §5: text, at-sign, text, dot, text. */
const basicEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Add User dialog (product §2.13, §4): search by e-mail; a found user is sent a request to join, and
 * joins once they accept (ADR 036); otherwise 'No User Found' and Invite. The search shows only what
 * the user chose to share. Closing or reopening clears it.
 */
export function AddUserDialog({ disabled, onChanged }: { disabled: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<FoundUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"search" | "request" | "invite" | null>(null);

  function reset() {
    setEmail("");
    setResult(null);
    setError(null);
  }

  async function search(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!basicEmail.test(email.trim())) {
      setError("Please enter a valid email address");
      return;
    }
    setError(null);
    setBusy("search");
    const answer = await searchLicenceUser({ email: email.trim() });
    setBusy(null);
    // product §8: a failed search is shown as 'No User Found', with Invite offered.
    setResult(answer.ok ? answer.data : { found: false });
  }

  async function request() {
    setBusy("request");
    const answer = await addLicenceUser({ email: email.trim() });
    setBusy(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    reset();
    const { email: asked, alreadyRequested } = answer.data;
    toast.success(alreadyRequested ? "Request Already Sent" : "Request Sent", {
      description: alreadyRequested
        ? `${asked} already has a request to join; they will join your licence once they accept.`
        : `${asked} will join your licence once they accept.`,
      id: manageUsersToast,
    });
    onChanged();
  }

  async function invite() {
    setBusy("invite");
    const answer = await inviteLicenceUser({ email: email.trim() });
    setBusy(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    reset();
    toast.success("Email Invite Sent", {
      description: "Email Invite has been sent to the selected email",
      id: manageUsersToast,
    });
    onChanged();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        reset();
        setOpen(next);
      }}
    >
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        <UserPlus aria-hidden="true" />
        Add User
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            Search for a TariffScope user by e-mail address, or invite a new one.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={search} className="grid gap-2">
          <Label htmlFor="add-user-email">Email</Label>
          <div className="flex gap-2">
            <Input
              id="add-user-email"
              type="email"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "add-user-error" : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
                setResult(null);
              }}
            />
            <Button type="submit" variant="outline" disabled={busy !== null}>
              {busy === "search" && <Spinner label="Searching" />}
              Search
            </Button>
          </div>
          <p id="add-user-error" role="alert" className="text-sm text-destructive empty:hidden">
            {error}
          </p>
        </form>
        {result && (
          <div className="rounded-md border p-3" aria-live="polite">
            {result.found ? (
              <div className="grid gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{result.name ?? "A TariffScope user"}</p>
                    <p className="text-sm break-all text-muted-foreground">{email.trim()}</p>
                  </div>
                  {result.onYourLicence ? (
                    <p className="text-sm font-medium">Already on your licence</p>
                  ) : (
                    <Button onClick={request} disabled={busy !== null}>
                      {busy === "request" && <Spinner label="Sending the request" />}
                      Send request
                    </Button>
                  )}
                </div>
                {!result.onYourLicence && (
                  <div className="grid gap-1 text-sm text-muted-foreground">
                    <p>
                      We will e-mail them a request. They join your licence, taking a seat, only once they
                      accept.
                    </p>
                    <p>{ownPlanWords.forAdmin}</p>
                  </div>
                )}
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">No User Found</p>
                <Button onClick={invite} disabled={busy !== null}>
                  {busy === "invite" && <Spinner label="Sending invitation" />}
                  Invite
                </Button>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
