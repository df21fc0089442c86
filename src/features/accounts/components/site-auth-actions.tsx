"use client";

import Link from "next/link";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";

import { getAccountStatus } from "../actions";
import { signOut } from "../sign-out";
import { useSignedIn } from "./use-signed-in";

/** One question per page, however many bars ask it (the top bar and the mobile bar both do). */
let asking: Promise<boolean> | null = null;
function askSubscribed(): Promise<boolean> {
  asking ??= getAccountStatus({})
    .then(
      (result) => result.ok && result.data.subscribed,
      () => false,
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * The top bar's account buttons (product §2.6): Log In and Get Started, or Sign Out and Access
 * Platform. Access Platform shows only once the server says the user has a subscription: without
 * one it would lead straight back to choosing a plan. A phone's bar has room for one of the
 * signed-in pair beside the menu: Sign Out moves into the menu (`SignOutMenuItem`).
 */
export function SiteAuthActions({ compact = false }: { compact?: boolean }) {
  const signedIn = useSignedIn();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void askSubscribed().then((answer) => current && setSubscribed(answer));
    return () => {
      current = false;
    };
  }, [signedIn]);
  const size = compact ? "sm" : "default";
  if (signedIn) {
    return (
      <>
        {!compact && (
          <Button variant="outline" size={size} onClick={signOut}>
            Sign Out
          </Button>
        )}
        {subscribed && (
          <Button asChild size={size}>
            <Link href="/drug-tariff-parts/partviiia">Access Platform</Link>
          </Button>
        )}
      </>
    );
  }
  return compact ? (
    <>
      <Button asChild size="sm">
        <Link href="/account-management/signup">Sign Up</Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link href="/account-management/signin">Log In</Link>
      </Button>
    </>
  ) : (
    <>
      <Button asChild variant="outline">
        <Link href="/account-management/signin">Log In</Link>
      </Button>
      <Button asChild>
        <Link href="/pricing/plans">Get Started</Link>
      </Button>
    </>
  );
}

/** Sign Out in the phone's menu, for a signed-in visitor of a public page. */
export function SignOutMenuItem({ className }: { className: string }) {
  if (!useSignedIn()) return null;
  return (
    <li>
      <button type="button" onClick={signOut} className={className}>
        Sign Out
      </button>
    </li>
  );
}
