import { Loader2 } from "lucide-react";

import { cn } from "@/lib/utils";

/** A small spinner for busy buttons; its label is read as part of the button. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** product §2.15: the full-screen blocking spinner shown while the user or subscription is not yet known. */
export function BlockingSpinner({ label = "Loading your account" }: { label?: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background/90"
      aria-busy="true"
    >
      <Spinner className="size-10 text-primary" label={label} />
    </div>
  );
}
