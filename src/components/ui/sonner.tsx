"use client";

import { Toaster as Sonner } from "sonner";

/** product §4, §9: one toast at a time (a new one replaces the last), shown for 5 seconds. */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="top-center"
      toastOptions={{
        classNames: {
          toast: "border bg-background text-foreground",
          error: "border-destructive text-destructive",
        },
      }}
    />
  );
}
