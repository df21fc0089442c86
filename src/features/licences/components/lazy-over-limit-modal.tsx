"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";

import type { LicenceDetails } from "../queries";

/** The modal and Radix's dialog: fetched only while the licence is over its limit, which most never are. */
const OverLimitModal = lazy(() => import("./over-limit-modal"));

/** The over-limit modal, open from the first time the licence is over its limit until Continue to App. */
export function LazyOverLimitModal({
  overLimit,
  ...modal
}: {
  overLimit: boolean;
  admin: boolean;
  licence: LicenceDetails | null;
  upgrade?: ReactNode;
}) {
  const [open, setOpen] = useState(overLimit);
  if (overLimit && !open) setOpen(true);
  if (!open) return null;

  return (
    <Suspense fallback={null}>
      <OverLimitModal overLimit={overLimit} {...modal} onContinue={() => setOpen(false)} />
    </Suspense>
  );
}
