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
import type { FoundUser } from "../queries";
import { manageUsersToast } from "./toasts";

/** SPEC §5: text, at-sign, text, dot, text. */
const basicEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The Add User dialog (SPEC §2.13, §4): search by e-mail; a found user can be added unless already on
 * a plan ('User On Active Plan'); otherwise 'No User Found' and Invite. Closing or reopening clears it.
 */
export function AddUserDialog({ disabled, onChanged }: { disabled: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<FoundUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"search" | "add" | "invite" | null>(null);

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
    // SPEC §8: a failed search is shown as 'No User Found', with Invite offered.
    setResult(answer.ok ? answer.data : { found: false });
  }

  async function add() {
    setBusy("add");
    const answer = await addLicenceUser({ email: email.trim() });
    setBusy(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    reset();
    toast.success("User Added Successfully", {
      description: "Selected User has been added to your License",
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
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium">{result.name}</p>
                  <p className="text-sm break-all text-muted-foreground">{result.email}</p>
                </div>
                {result.onActivePlan ? (
                  <p className="text-sm font-medium text-amber-800">User On Active Plan</p>
                ) : (
                  <Button onClick={add} disabled={busy !== null}>
                    {busy === "add" && <Spinner label="Adding" />}
                    Add
                  </Button>
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
