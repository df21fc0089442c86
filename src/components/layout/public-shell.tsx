import type { ReactNode } from "react";

import { SubscriptionNotice } from "@/features/licences/components/subscription-notice";

import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The chrome of every public page: top bar, main landmark, footer. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1 pt-8 sm:pt-12">
        {children}
      </main>
      <SiteFooter />
      <SubscriptionNotice />
    </>
  );
}
