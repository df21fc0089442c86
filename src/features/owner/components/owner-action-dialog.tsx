"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import { DialogHeading } from "@/components/ui/dialog-frame";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import type { ActionResult } from "@/lib/action";

import {
  changeApiKeyLimits,
  changeLicenceSeats,
  restoreOwnerUser,
  resendLicenceInvite,
  suspendOwnerUser,
} from "../actions";
import { keyLimitMax } from "../schemas";

/** What the dialog does; the ids are of the licence, key, invite or user it acts on, never of the owner. */
export type OwnerActionTarget =
  | { kind: "seats"; licenceId: string; seats: number; seatsInUse: number }
  | { kind: "keyLimits"; licenceId: string; keyId: string; name: string; perMinute: number; perDay: number }
  | { kind: "resend"; inviteId: string; email: string }
  | { kind: "suspend" | "restore"; userId: string; email: string };

const count = new Intl.NumberFormat("en-GB");

const copy = {
  seats: {
    trigger: "Change seats",
    title: "Change the seat count",
    confirm: "Change seats",
    done: "Seats changed",
  },
  keyLimits: {
    trigger: "Change limits",
    title: "Change the key's limits",
    confirm: "Change limits",
    done: "Limits changed",
  },
  resend: {
    trigger: "Resend",
    title: "Resend the invitation",
    confirm: "Resend invitation",
    done: "Invitation sent",
  },
  suspend: {
    trigger: "Suspend",
    title: "Suspend this user",
    confirm: "Suspend user",
    done: "User suspended",
  },
  restore: { trigger: "Restore", title: "Restore this user", confirm: "Restore user", done: "User restored" },
} as const;

function describe(target: OwnerActionTarget): string {
  switch (target.kind) {
    case "seats":
      return `The licence has ${target.seats} seats, ${target.seatsInUse} in use. The new count cannot be below the seats in use.`;
    case "keyLimits":
      return `${target.name} may make ${count.format(target.perMinute)} requests a minute and ${count.format(target.perDay)} a day. New limits apply from its next call.`;
    case "resend":
      return `A new link goes to ${target.email}; the old link stops working.`;
    case "suspend":
      return `${target.email} is signed out at once and cannot sign in until restored.`;
    case "restore":
      return `${target.email} can sign in again.`;
  }
}

/**
 * The numbers an action asks for: each field's label, bounds and value in force. What is typed is
 * sent as it is, so the server's schema says what is wrong with it.
 */
type NumberField = {
  name: "seats" | "perMinute" | "perDay";
  label: string;
  min: number;
  max: number;
  value: number;
};

function numberFieldsOf(target: OwnerActionTarget): NumberField[] {
  switch (target.kind) {
    case "seats":
      return [
        {
          name: "seats",
          label: "New seat count",
          min: Math.max(1, target.seatsInUse),
          max: 1000,
          value: target.seats,
        },
      ];
    case "keyLimits":
      return [
        {
          name: "perMinute",
          label: "Requests a minute",
          min: 1,
          max: keyLimitMax.perMinute,
          value: target.perMinute,
        },
        { name: "perDay", label: "Requests a day", min: 1, max: keyLimitMax.perDay, value: target.perDay },
      ];
    default:
      return [];
  }
}

type Numbers = Partial<Record<NumberField["name"], string>>;

const numbersOf = (target: OwnerActionTarget): Numbers =>
  Object.fromEntries(numberFieldsOf(target).map((field) => [field.name, String(field.value)]));

function run(target: OwnerActionTarget, reason: string, numbers: Numbers): Promise<ActionResult<unknown>> {
  switch (target.kind) {
    case "seats":
      return changeLicenceSeats({ licenceId: target.licenceId, seats: numbers.seats, reason });
    case "keyLimits":
      return changeApiKeyLimits({
        licenceId: target.licenceId,
        keyId: target.keyId,
        perMinute: numbers.perMinute,
        perDay: numbers.perDay,
        reason,
      });
    case "resend":
      return resendLicenceInvite({ inviteId: target.inviteId, reason });
    case "suspend":
      return suspendOwnerUser({ userId: target.userId, reason });
    case "restore":
      return restoreOwnerUser({ userId: target.userId, reason });
  }
}

/**
 * Every owner action goes through this: a confirmation that says what will happen, and a reason
 * that is required and kept in the audit log. The page reloads its data afterwards.
 */
export function OwnerActionDialog({
  target,
  triggerLabel,
}: {
  target: OwnerActionTarget;
  triggerLabel?: string;
}) {
  const router = useRouter();
  const text = copy[target.kind];
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState("");
  const [numbers, setNumbers] = useState(() => numbersOf(target));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const reasonId = useId();
  const fieldId = useId();
  const fields = numberFieldsOf(target);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await run(target, reason, numbers);
    setBusy(false);
    if (!result.ok) {
      const fieldErrors = result.fieldErrors ?? {};
      setErrors({
        message: result.message,
        ...Object.fromEntries(Object.entries(fieldErrors).map(([name, messages]) => [name, messages[0]])),
      });
      return;
    }
    toast.success(text.done);
    setOpen(false);
    setReason("");
    setErrors({});
    router.refresh();
  }

  const destructive = target.kind === "suspend";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Each opening starts from the values in force, which the page reloads after a change.
        if (next) setNumbers(numbersOf(target));
        else setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button variant={destructive ? "destructive" : "outline"} size="sm" aria-label={triggerLabel}>
          {text.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeading title={text.title} description={describe(target)} />
          {fields.map((field) => (
            <FormField
              key={field.name}
              id={`${fieldId}-${field.name}`}
              label={field.label}
              type="number"
              inputMode="numeric"
              min={field.min}
              max={field.max}
              value={numbers[field.name] ?? ""}
              onChange={(event) => setNumbers((now) => ({ ...now, [field.name]: event.target.value }))}
              error={errors[field.name]}
              required
            />
          ))}
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason (kept in the audit log)</Label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              required
              className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm"
            />
            {errors.reason && (
              <p id={`${reasonId}-error`} className="text-sm text-destructive">
                {errors.reason}
              </p>
            )}
          </div>
          <p role="alert" className="text-sm text-destructive empty:hidden">
            {errors.message && !errors.reason && !fields.some((field) => errors[field.name])
              ? errors.message
              : ""}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy && <Spinner label="Working" />}
              {text.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
