import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * The three layout widths of product §2.7: home, auth and info pages ("wide"),
 * blog and policy pages ("prose"), and the signed-in app's pages ("full").
 */
const widths = {
  wide: "max-w-6xl",
  prose: "max-w-3xl",
  full: "max-w-none",
} as const;

export function PageContainer({
  width,
  className,
  ...props
}: React.ComponentProps<"div"> & { width: keyof typeof widths }) {
  return (
    <div
      data-width={width}
      className={cn("mx-auto w-full px-4 sm:px-6", widths[width], className)}
      {...props}
    />
  );
}
