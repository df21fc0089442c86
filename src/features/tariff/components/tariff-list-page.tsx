import type { ReactNode } from "react";

import Link from "next/link";

import { ListFilters } from "@/components/data-table/list-filters";
import { MonthNotice } from "@/components/data-table/month-notice";
import { PageContainer } from "@/components/layout/page-container";
import type { CurrentUser } from "@/lib/session";
import { editionCodes, type Edition } from "@/lib/tariff-vocabulary";

import { listPagePath, listRowsPath, listSearchMatch, resolveListView } from "../list-view";
import { hasDiscountColumn, listTitle, lists, type ListId } from "../lists";
import { listSource } from "../queries";
import { refusalMessage, type SearchParams } from "../month-choice";
import { monthChoiceLabel } from "../months";
import { DataPageHeader, type FreshnessLine } from "./data-page-header";
import { TariffListTable } from "./tariff-list-table";

/**
 * One price or reimbursement list for the signed-in user's edition (product §2.2–§2.3): title, what
 * it is for, the month selector, search and filters from the URL, and the rows in the shared table.
 * Its page authorises first and passes in the subscriber it got (ADR 001). The rows follow from the
 * list's rows route, which reads the URL the same way (ADR 013); the browser starts fetching them as
 * the page arrives.
 */
export async function TariffListPage({
  id,
  user,
  searchParams,
  freshness,
  wrapTable = (table) => table,
}: {
  id: ListId;
  user: CurrentUser;
  searchParams: SearchParams;
  freshness: FreshnessLine;
  /** What the page puts around the table, e.g. another feature's controls for its rows (ADR 131). */
  wrapTable?: (table: ReactNode) => ReactNode;
}) {
  const spec = lists[id];
  const edition = user.edition;
  const view = await resolveListView(id, edition, await searchParams);
  const { choice, searchTerm, filterValues, options } = view;
  const match = await listSearchMatch(view);
  const period = choice.period;
  const rowsUrl = listRowsPath(view);
  const title = listTitle(spec, user.edition);
  const dataEdition: Edition = spec.ewOnly ? 1 : edition;

  return (
    <PageContainer width="full" className="space-y-6">
      <DataPageHeader
        title={title}
        explanation={spec.explanation}
        source={listSource(id, edition)}
        shown={choice.month.value}
        cadence={spec.cadence}
        freshness={freshness}
      >
        {spec.ewOnly && edition === 2 && (
          <p className="max-w-3xl text-sm">
            Northern Ireland does not publish this list: these are England &amp; Wales&apos; entries.
          </p>
        )}
      </DataPageHeader>
      {choice.refused && (
        <MonthNotice
          message={refusalMessage(choice.refused, title, choice.month)}
          month={choice.month.value}
        />
      )}
      <ListFilters
        months={choice.options}
        olderMonths={choice.older}
        month={choice.month.value}
        searchLabel={spec.searchLabel}
        filters={spec.filters.map((filter) => ({
          ...filter,
          value: filterValues[filter.name] ?? "",
          options: (options[filter.name] ?? []).map((value) => ({ value, label: value })),
        }))}
      />
      {period === null ? (
        <div role="status" className="rounded-lg border border-dashed p-6">
          <p className="font-medium">
            There is no {title} data for {choice.month.month}.
          </p>
          {choice.coming.length > 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">
              Published ahead:{" "}
              {choice.coming.map((month, index) => (
                <span key={month.value}>
                  {index > 0 && ", "}
                  <Link
                    className="font-medium text-foreground underline"
                    href={`${spec.path}?month=${month.value}`}
                  >
                    {monthChoiceLabel(month.value, choice.inForce.value)}
                  </Link>
                </span>
              ))}
              .
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">Nothing has been imported for it yet.</p>
          )}
        </div>
      ) : (
        <>
          {choice.inForceSince && (
            <p className="text-sm text-muted-foreground">
              In force in {choice.month.month}: the release of {choice.inForceSince}.
            </p>
          )}
          {match === "near" && (
            <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
              No exact matches for &quot;{searchTerm}&quot;; showing near spellings
            </p>
          )}
          {/* The browser starts on the rows as the page arrives. `anonymous`: the same request
              (and credentials) as the table's own fetch, so the fetch takes this response. */}
          <link rel="preload" as="fetch" href={rowsUrl} crossOrigin="anonymous" />
          {wrapTable(
            <TariffListTable
              list={id}
              period={period}
              rowsUrl={rowsUrl}
              linkFrom={listPagePath(view)}
              columns={spec.columns}
              caption={`${title}, ${choice.month.month}`}
              fileName={`${spec.fileStem}-${editionCodes[dataEdition]}-${choice.month.value}.csv`}
              emptyMessage={
                searchTerm ? `Nothing matches “${searchTerm}” in ${choice.month.month}.` : "No rows to show."
              }
            />,
          )}
          {hasDiscountColumn(spec) && <DiscountKey edition={dataEdition} />}
        </>
      )}
    </PageContainer>
  );
}

/** What the Discount column means, and why a line can show 0.0%. */
function DiscountKey({ edition }: { edition: Edition }) {
  return (
    <p className="max-w-3xl text-sm text-muted-foreground">
      <strong className="font-medium text-foreground">Discount</strong> is the deduction the NHS takes from
      the price before paying the pharmacy, at the rate for the product&apos;s group that month; the net price
      is what is left. A line at 0.0% has no deduction: the pack is on price concession that month, or is{" "}
      {edition === 2 ? "on the Zero Discount List" : "listed as Discount Not Deducted"}.
    </p>
  );
}
