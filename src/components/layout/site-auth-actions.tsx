"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";
import { signOut } from "@/features/accounts/sign-out";
import { hasSignedInHint } from "@/features/accounts/signed-in-hint";

const subscribe = () => () => {};

function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasSignedInHint(document.cookie),
    () => false,
  );
}

/**
 * The top bar's account buttons (SPEC §2.6): Log In and Get Started, or Sign Out and Access Platform.
 * A phone's bar has room for one of the signed-in pair beside the menu: Sign Out moves into the menu
 * (`SignOutMenuItem`).
 */
export function SiteAuthActions({ compact = false }: { compact?: boolean }) {
  const signedIn = useSignedIn();
  const size = compact ? "sm" : "default";
  if (signedIn) {
    return (
      <>
        {!compact && (
          <Button variant="outline" size={size} onClick={signOut}>
            Sign Out
          </Button>
        )}
        <Button asChild size={size}>
          <Link href="/drug-tariff-parts/partviiia">Access Platform</Link>
        </Button>
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
