import type { ReactNode } from "react";

import { AppHeader } from "@/features/shell/components/app-header";
import { AppSidebar } from "@/features/shell/components/app-sidebar";
import { PublicShell } from "@/features/shell/components/public-shell";
import { Toaster } from "@/components/ui/sonner";
import { DataAttribution } from "@/components/data-attribution";
import { SubscriptionProvider } from "@/features/accounts/components/subscription-provider";
import { TrialNotice } from "@/features/billing/components/trial-notice";
import { UpgradePlanButton } from "@/features/billing/components/upgrade-plan-button";
import { TourProvider } from "@/features/onboarding/components/tour-provider";
import { knownTours } from "@/features/onboarding/tours";
import { LazyOverLimitModal } from "@/features/licences/components/lazy-over-limit-modal";
import { getLicenceDetails } from "@/features/licences/queries";
import { SearchDialogProvider } from "@/features/search/components/search-dialog";
import { partsOffIn } from "@/features/search/parts";
import { SearchResultWatch } from "@/features/watchlists/components/search-watch-add";
import { getCurrentUser } from "@/lib/session";

/**
 * Chrome only: each page below authorises itself (ADR 001). Without a session (one that expired while
 * its cookie stayed) a page here is either refused by its own check or is a public product page
 * (ADR 042), which then keeps the public chrome.
 */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) return <PublicShell>{children}</PublicShell>;
  // Both read with the user's profile, in the same query.
  const usage = user.subscribed ? user.seatUsage : null;
  // The tours show the subscriber's menu; someone without a subscription has nothing to be shown yet.
  const seenTours = user.subscribed ? knownTours(user.seenTours) : null;
  const overLimit = usage ? usage.users > usage.seats : false;
  // The admin's removal panel needs the users; everyone else only the count.
  const licence = overLimit && user.admin && user.licenceId ? await getLicenceDetails(user.licenceId) : null;
  const initial = {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      admin: user.admin,
      isOwner: user.isOwner,
    },
    subscribed: user.subscribed,
    edition: user.edition,
    delegate: user.delegate,
  };
  return (
    <SubscriptionProvider initial={initial}>
      <SearchDialogProvider
        partsOff={partsOffIn(user.edition, user.searchPartsOff)}
        resultActions={user.subscribed ? <SearchResultWatch /> : undefined}
      >
        <AppHeader />
        <AppSidebar />
        <main id="main" className="min-w-0 flex-1 py-8 md:pl-16">
          {user.subscribed && user.trial && <TrialNotice trial={user.trial} admin={user.admin} />}
          {seenTours ? (
            <TourProvider seen={seenTours} delegate={user.delegate}>
              {children}
            </TourProvider>
          ) : (
            children
          )}
          <footer className="mt-12 border-t px-4 pt-4 text-xs text-muted-foreground sm:px-6">
            <DataAttribution />
          </footer>
        </main>
        {usage && (
          <LazyOverLimitModal
            overLimit={overLimit}
            admin={user.admin}
            licence={licence}
            upgrade={<UpgradePlanButton variant="outline" />}
          />
        )}
        <Toaster />
      </SearchDialogProvider>
    </SubscriptionProvider>
  );
}
