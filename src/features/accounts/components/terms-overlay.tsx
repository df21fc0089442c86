"use client";

import { Check } from "lucide-react";
import { useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogFrame } from "@/components/ui/dialog-frame";

/**
 * product §2.11: a document overlay with Reject and Accept. Accept sets the matching flag to true,
 * Reject sets it to false; both close the overlay.
 */
export function TermsOverlay({
  title,
  description,
  accepted,
  onDecision,
  invalid,
  children,
}: {
  title: string;
  description: string;
  accepted: boolean;
  onDecision: (accepted: boolean) => void;
  invalid?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const decide = (value: boolean) => {
    onDecision(value);
    setOpen(false);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <p className="text-sm">
        {accepted ? (
          <span className="inline-flex items-center gap-1 font-medium text-primary">
            <Check aria-hidden="true" className="size-4" /> {title} accepted
          </span>
        ) : (
          <span className={invalid ? "text-destructive" : undefined}>
            {invalid ?? `${title} not yet accepted`}
          </span>
        )}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Read the {title}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogFrame
          className="max-w-3xl"
          title={title}
          description={description}
          footer={
            <>
              <Button type="button" variant="outline" onClick={() => decide(false)}>
                Reject
              </Button>
              <Button type="button" onClick={() => decide(true)}>
                Accept
              </Button>
            </>
          }
        >
          <div
            className="max-h-[60dvh] overflow-y-auto rounded-md border p-4"
            tabIndex={0}
            role="region"
            aria-label={title}
          >
            {children}
          </div>
        </DialogFrame>
      </Dialog>
    </div>
  );
}
