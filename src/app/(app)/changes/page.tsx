import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { ChangeGroups, ChangesFilterForm } from "@/features/changes/components/changes-view";
import { FeedControls } from "@/features/changes/components/feed-controls";
import { feedTokenCreatedAt } from "@/features/changes/feed-tokens";
import { groupChanges } from "@/features/changes/groups";
import { changesPath } from "@/features/changes/paths";
import {
  changePartsFor,
  changesLimit,
  getChangesSince,
  newestMonth,
  readChangeView,
} from "@/features/changes/queries";
import { recordChangesVisit } from "@/features/changes/visits";
import { requireSubscriber } from "@/lib/session";
import { formatUkDate, monthLabel } from "@/lib/tariff-vocabulary";

export const metadata: Metadata = { title: "Changes", robots: { index: false } };

export default async function ChangesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireSubscriber(changesPath);
  const [previousVisit, newest] = await Promise.all([recordChangesVisit(user.id), newestMonth(user.edition)]);
  const view = readChangeView(await searchParams, previousVisit, user.edition, { newest });
  const [entries, feedCreatedAt] = await Promise.all([
    getChangesSince(user.edition, view.since, view.filters),
    feedTokenCreatedAt(user.id),
  ]);
  const groups = groupChanges(entries);
  return (
    <PageContainer width="full" className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Changes</h1>
        <p className="max-w-3xl text-muted-foreground">
          Every addition, deletion, price and category change in the Drug Tariff parts, and every price
          concession granted, changed or ended,{" "}
          {view.newestOnly && newest
            ? `in ${monthLabel(newest.period)}, the newest month: choose a date to see the months imported since then.`
            : `in the months imported since ${view.fromVisit ? "your previous visit" : "the date below"}: ${formatUkDate(view.since)}.`}
        </p>
      </header>
      <ChangesFilterForm
        since={view.sinceValue}
        filters={view.filters}
        parts={changePartsFor(user.edition)}
      />
      {groups.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed p-6">
          Nothing has changed in the months imported since {formatUkDate(view.since)}.
        </p>
      ) : (
        <>
          {entries.length === changesLimit && (
            <p role="status" className="text-sm">
              Showing the first {changesLimit.toLocaleString("en-GB")} changes: choose a part or a later date
              to see the rest.
            </p>
          )}
          <ChangeGroups groups={groups} />
        </>
      )}
      <section className="grid gap-3 border-t pt-6" aria-labelledby="feed-heading">
        <h2 id="feed-heading" className="text-xl font-semibold">
          Private feed
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          An Atom feed of these changes for your feed reader or e-mail tool. Its address is a secret of yours:
          anyone who has it can read the feed until you revoke it, and it stops if your subscription ends.
        </p>
        <FeedControls createdAt={feedCreatedAt?.toISOString() ?? null} />
      </section>
    </PageContainer>
  );
}
