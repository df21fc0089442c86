"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { hasSignedInHint } from "@/lib/security/signed-in-hint";

import { getAccountNoticeState } from "../actions";
import { requestsToJoinPath } from "../paths";

/** Loaded only for the few visitors who need it, so public pages stay light. */
const SubscriptionNoticeDialog = dynamic(() => import("./subscription-notice-dialog"), { ssr: false });

/** Pages where a user is already choosing or paying for a plan, or managing their account. */
const quietPrefixes = ["/pricing", "/payment", "/account-management"];

type Notices = { subscriptionNotice: boolean; requestsToJoin: string[] };

/**
 * What a signed-in user is told on the public pages, where a user without a subscription lands after
 * signing in: a bar under the top bar with an admin's request to join their licence and a link to
 * answer it (ADR 036); or else
 * product §2.14's notice that plans are now required, until they close it (remembered on their profile).
 */
export function AccountNotices() {
  const pathname = usePathname();
  const [notices, setNotices] = useState<Notices | null>(null);
  const quiet = quietPrefixes.some((prefix) => pathname.startsWith(prefix));
  const onRequestsPage = pathname === requestsToJoinPath;

  useEffect(() => {
    if (onRequestsPage || !hasSignedInHint(document.cookie)) return;
    let cancelled = false;
    void getAccountNoticeState({}).then((state) => {
      if (!cancelled && state.ok) setNotices(state.data);
    });
    return () => {
      cancelled = true;
    };
  }, [onRequestsPage]);

  if (!notices || onRequestsPage) return null;
  const [first, ...others] = notices.requestsToJoin;
  if (first !== undefined)
    return (
      <aside aria-label="Requests to join a licence" className="border-b bg-muted px-4 py-3">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
          <p className="min-w-0 break-words">
            {others.length === 0
              ? `${first} has asked you to join its TariffScope licence.`
              : `${first} and ${others.length} other ${others.length === 1 ? "organisation have" : "organisations have"} asked you to join their TariffScope licences.`}{" "}
            You join only if you accept.
          </p>
          <Button asChild className="shrink-0">
            <Link href={requestsToJoinPath}>
              Review {others.length === 0 ? "the request" : "the requests"}
            </Link>
          </Button>
        </div>
      </aside>
    );
  return notices.subscriptionNotice && !quiet ? (
    <SubscriptionNoticeDialog onClose={() => setNotices(null)} />
  ) : null;
}
