"use client";

import Link from "next/link";
import Script from "next/script";
import { useSyncExternalStore } from "react";

import { Button } from "@/components/ui/button";

import { getServerSnapshot, getSnapshot, reopenConsent, setConsent, subscribe } from "../consent-store";

function useConsent() {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * The cookie notice and the analytics loader. Our first-party analytics script loads only
 * when `cookieConsent` is `accepted` (product §2.16).
 */
export function CookieConsent() {
  const { consent, editing } = useConsent();
  return (
    <>
      {consent === "accepted" && (
        <Script id="tariffscope-analytics" src="/analytics.js" strategy="afterInteractive" />
      )}
      {(consent === null || editing) && (
        <section
          aria-label="Cookie consent"
          className="fixed inset-x-0 bottom-0 z-50 border-t bg-background p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm">
              We use one essential cookie to keep you signed in. With your permission we also count page views
              with our own analytics (no third parties, no advertising). See our{" "}
              <Link href="/policies/privacy-policy" className="underline underline-offset-2">
                Privacy Policy
              </Link>
              .
            </p>
            <div className="flex shrink-0 gap-2">
              <Button variant="outline" onClick={() => setConsent("rejected")}>
                Reject
              </Button>
              <Button onClick={() => setConsent("accepted")}>Accept</Button>
            </div>
          </div>
        </section>
      )}
    </>
  );
}

export function CookieSettingsButton() {
  return (
    <button type="button" className="underline underline-offset-2" onClick={reopenConsent}>
      Cookie settings
    </button>
  );
}
