import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import type { CurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { formatUkDate, monthLabel, partLabel, type PartId } from "@/lib/tariff-vocabulary";

import { fromFirstOf } from "@/features/tariff/months";

import { countsSentence, type VisitSummary } from "../changes-summary";
import { maxWatchlistsPerUser } from "../limits";
import { watchlistsPath } from "../paths";
import { getWatchlistChoices, getWatchlistOverview, visibleChoice, type WatchlistOverview } from "../queries";
import { visitWatchlist } from "../visits";
import { watchlistRowsPath } from "../watchlist-rows";
import { NewWatchlistForm } from "./new-watchlist-form";
import { WatchlistSettings } from "./watchlist-settings";
import { WatchlistTable } from "./watchlist-table";

const partNames: Record<string, PartId> = { viiia: "viiia", ix: "ix", dmd: "dmd" };

/**
 * "Part VIIIA: November 2026 against October 2026, with December 2026 published (from 1 December)"
 * for each part the prices come from.
 */
function monthsNote(detail: WatchlistOverview): string {
  return Object.entries(detail.months)
    .filter(([, months]) => months?.current)
    .map(([part, months]) => {
      const label = partLabel(partNames[part]!, detail.edition);
      const current = monthLabel(months!.current!.slice(0, 7));
      const against = months!.previous ? ` against ${monthLabel(months!.previous.slice(0, 7))}` : "";
      const next = months!.next
        ? `, with ${monthLabel(months!.next.slice(0, 7))} published (${fromFirstOf(months!.next)})`
        : "";
      return `${label}: ${current}${against}${next}`;
    })
    .join("; ");
}

/** 'Changes since your last visit': what the months loaded since then changed for the list's packs. */
function ChangesSinceLastVisit({ summary, empty }: { summary: VisitSummary; empty: boolean }) {
  if (empty) return null;
  return (
    <section aria-labelledby="watchlist-changes" className="rounded-xl border bg-card p-4 text-sm">
      <h3 id="watchlist-changes" className="font-semibold">
        Changes since your last visit
      </h3>
      {summary.kind === "first" ? (
        <p className="mt-1 text-muted-foreground">
          This is your first visit to this watchlist. Next time, what changed for its packs in the months
          loaded since today will show here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">
            Since {formatUkDate(new Date(summary.lastVisit))}: {countsSentence(summary.counts)}
          </p>
          {summary.lines.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {summary.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
              {summary.more > 0 && <li className="text-muted-foreground">and {summary.more} more</li>}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function EmptyWatchlist() {
  return (
    <span className="block space-y-1">
      <span className="block font-medium text-foreground">No packs on this watchlist yet.</span>
      <span className="block">
        Open a pack from{" "}
        <Link href="/drug-tariff-parts/partviiia" className="text-primary underline">
          Part VIIIA
        </Link>
        ,{" "}
        <Link href="/drug-tariff-parts/partix-appliances" className="text-primary underline">
          Part IX
        </Link>{" "}
        or{" "}
        <Link href="/brands" className="text-primary underline">
          Branded Product Pricing
        </Link>{" "}
        and press &lsquo;Add to watchlist&rsquo;, or tick rows on the Part VIIIA and Part IX lists and add
        them together.
      </span>
      <span className="block">
        Each pack then shows its price this month and last, the change, any concession, a 12-month price line
        and a flag when it is deleted, discontinued or changes category.
      </span>
    </span>
  );
}

/** The watchlists page: the user's watchlists and those shared on their licence, and one of them open. */
export async function WatchlistsPage({ user, listId }: { user: CurrentUser; listId?: string }) {
  const lists = await getWatchlistChoices(user);
  const selected = lists.find((list) => list.id === listId) ?? lists[0];
  // The lists read above are the ones `user` may see: the one opened needs no second check.
  const visible = selected ? visibleChoice(selected) : null;
  const [detail, summary] = visible
    ? await Promise.all([getWatchlistOverview(user, visible), visitWatchlist(user, visible)])
    : [null, null];
  const ownCount = lists.filter((list) => list.isOwn).length;
  const rowsUrl = detail ? watchlistRowsPath(detail.watchlist.id, detail.edition) : "";

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="space-y-4" aria-labelledby="watchlist-menu">
        <h2 id="watchlist-menu" className="text-lg font-semibold">
          Your watchlists
        </h2>
        {lists.length > 0 ? (
          <ul className="space-y-1">
            {lists.map((list) => (
              <li key={list.id}>
                <Link
                  href={`${watchlistsPath}?list=${list.id}`}
                  aria-current={list.id === selected?.id ? "page" : undefined}
                  className={cn(
                    "flex min-h-10 flex-wrap items-center gap-x-2 rounded-md px-3 py-2 text-sm hover:bg-muted",
                    list.id === selected?.id && "bg-muted font-semibold",
                  )}
                >
                  <span>{list.name}</span>
                  <span className="text-muted-foreground">
                    {list.itemCount} {list.itemCount === 1 ? "pack" : "packs"}
                  </span>
                  {list.shared && <Badge variant="secondary">Shared</Badge>}
                  {!list.isOwn && (
                    <span className="w-full text-xs text-muted-foreground">by {list.ownerName}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            You have no watchlists yet. Name one below, or press &lsquo;Add to watchlist&rsquo; on any
            pack&rsquo;s page and we will make one for you.
          </p>
        )}
        {ownCount < maxWatchlistsPerUser ? (
          <NewWatchlistForm />
        ) : (
          <p className="text-sm text-muted-foreground">
            You have {maxWatchlistsPerUser} watchlists, the most you can have. Delete one to make another.
          </p>
        )}
      </aside>

      {detail ? (
        <section aria-labelledby="watchlist-title" className="min-w-0 space-y-4">
          <div className="space-y-1">
            <h2 id="watchlist-title" className="text-2xl font-semibold">
              {detail.watchlist.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              Prices for {user.edition === 2 ? "Northern Ireland" : "England & Wales"}, latest month loaded
              against the month before: {monthsNote(detail) || "no months loaded yet"}.
              {!detail.watchlist.canChange &&
                " Shared with your licence: only its owner and your licence admin can change it."}
            </p>
          </div>
          {summary && <ChangesSinceLastVisit summary={summary} empty={selected!.itemCount === 0} />}
          {detail.watchlist.canChange && (
            <WatchlistSettings
              key={`${detail.watchlist.id}:${detail.watchlist.name}`}
              watchlist={detail.watchlist}
              canShare={user.licenceId !== null}
            />
          )}
          <link rel="preload" as="fetch" href={rowsUrl} crossOrigin="anonymous" />
          <WatchlistTable
            watchlistId={detail.watchlist.id}
            name={detail.watchlist.name}
            rowsUrl={rowsUrl}
            canChange={detail.watchlist.canChange}
            emptyMessage={<EmptyWatchlist />}
          />
        </section>
      ) : (
        <section className="rounded-xl border bg-card p-6 text-sm" aria-labelledby="watchlists-empty">
          <h2 id="watchlists-empty" className="text-lg font-semibold">
            Follow the packs you dispense
          </h2>
          <p className="mt-2 text-muted-foreground">
            A watchlist shows each pack&rsquo;s price this month and last, the change, any price concession
            and anything that changed about it, and exports to CSV. Make one on the left, or open a pack from{" "}
            <Link href="/drug-tariff-parts/partviiia" className="text-primary underline">
              Part VIIIA
            </Link>{" "}
            and press &lsquo;Add to watchlist&rsquo;.
          </p>
        </section>
      )}
    </div>
  );
}
