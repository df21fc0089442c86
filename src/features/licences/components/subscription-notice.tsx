"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { hasSignedInHint } from "@/features/accounts/signed-in-hint";

import { getSubscriptionNoticeState } from "../actions";

/** Loaded only for the few visitors who need it, so public pages stay light. */
const SubscriptionNoticeDialog = dynamic(() => import("./subscription-notice-dialog"), { ssr: false });

/** Pages where a user is already choosing or paying for a plan, or managing their account. */
const quietPrefixes = ["/pricing", "/payment", "/account-management"];

/**
 * SPEC §2.14: a signed-in user without a subscription is told that plans are now required, until they
 * close the message (remembered on their profile).
 */
export function SubscriptionNotice() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const quiet = quietPrefixes.some((prefix) => pathname.startsWith(prefix));

  useEffect(() => {
    if (quiet || !hasSignedInHint(document.cookie)) return;
    let cancelled = false;
    void getSubscriptionNoticeState({}).then((state) => {
      if (!cancelled && state.ok && state.data.show) setOpen(true);
    });
    return () => {
      cancelled = true;
    };
  }, [quiet]);

  return open ? <SubscriptionNoticeDialog onClose={() => setOpen(false)} /> : null;
}
