import type { ReactNode } from "react";

import { AccountNotices } from "@/features/licences/components/account-notices";

import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The chrome of every public page: top bar, the signed-in user's notices, main landmark, footer. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <AccountNotices />
      <main id="main" className="flex-1 pt-8 sm:pt-12">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
