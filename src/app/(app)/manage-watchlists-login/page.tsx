import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { WatchlistsPage } from "@/features/watchlists/components/watchlists-page";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Watchlists", robots: { index: false } };

type Props = { searchParams: Promise<{ list?: string | string[] }> };

export default async function ManageWatchlistsPage({ searchParams }: Props) {
  const user = await requireSubscriber();
  const { list } = await searchParams;
  return (
    <PageContainer width="full" className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Watchlists</h1>
        <p className="text-muted-foreground">
          The packs you follow, with this month&rsquo;s prices and what changed since last month.
        </p>
      </div>
      <WatchlistsPage user={user} listId={typeof list === "string" ? list : undefined} />
    </PageContainer>
  );
}
