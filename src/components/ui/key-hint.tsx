import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A keyboard shortcut shown beside the control it works ("Ctrl K"). Hidden where there is most
 * likely no keyboard to press it on: a touch screen (`pointer: coarse`) or a phone's width. The
 * control names its shortcut to assistive technology itself (`aria-keyshortcuts`), so the hint is
 * hidden from it.
 */
export function KeyHint({ className, ...props }: React.ComponentProps<"kbd">) {
  return (
    <kbd
      aria-hidden="true"
      data-slot="key-hint"
      className={cn("rounded border text-xs max-sm:hidden pointer-coarse:hidden", className)}
      {...props}
    />
  );
}
