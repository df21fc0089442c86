"use client";

import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

/** A dialog's title and the sentence under it that says what it is for; `children` follow in the header. */
export function DialogHeading({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {children}
    </DialogHeader>
  );
}

/**
 * A dialog's content as most dialogs lay it out: the heading, the body (`children`) and a footer of
 * buttons. `blocking`: no close button, and neither Escape nor a click outside closes it.
 */
export function DialogFrame({
  title,
  description,
  headerExtra,
  footer,
  footerClassName,
  className,
  blocking,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Shown in the header under the description. */
  headerExtra?: ReactNode;
  footer: ReactNode;
  footerClassName?: string;
  className?: string;
  blocking?: boolean;
  children?: ReactNode;
}) {
  return (
    <DialogContent className={className} blocking={blocking}>
      <DialogHeading title={title} description={description}>
        {headerExtra}
      </DialogHeading>
      {children}
      <DialogFooter className={footerClassName}>{footer}</DialogFooter>
    </DialogContent>
  );
}

/**
 * Asks before an action that cannot be undone (remove a user, revoke a key): open while `open`;
 * Cancel, Escape or a click outside closes it; the destructive button runs `action`, with a spinner
 * (`busyLabel`) while it runs. A refusal's message shows in the dialog; success calls `onDone` and
 * closes it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  action,
  onDone,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  action: () => Promise<{ ok: true } | { ok: false; message: string }>;
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    // While the dialog closes its buttons stay a moment, with nothing left to act on.
    if (!open) return;
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onDone();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogFrame
        title={title}
        description={description}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {busy && <Spinner label={busyLabel} />}
              {confirmLabel}
            </Button>
          </>
        }
      >
        <p role="alert" className="text-sm text-destructive empty:hidden">
          {error}
        </p>
      </DialogFrame>
    </Dialog>
  );
}
