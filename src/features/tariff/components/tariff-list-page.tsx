import Link from "next/link";

import { DataTable } from "@/components/data-table/data-table";
import { PageContainer } from "@/components/layout/page-container";
import { editionCodes, type Edition } from "@/features/imports/parts";
import { requireSubscriber } from "@/lib/session";

import { byDataVersion, dataVersion } from "../data-version-cache";
import { listTitle, lists, type ListId } from "../lists";
import { chooseMonth, type SearchParams } from "../month-choice";
import { listFilterOptions, listPeriods, listRows } from "../queries";
import { ListFilters } from "./list-filters";

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * One price or reimbursement list for the signed-in user's edition (SPEC §2.2–§2.3): title, what
 * it is for, the month selector, search and filters from the URL, and the rows in the shared table.
 * It authorises before it reads anything (ADR 001).
 */
export async function TariffListPage({ id, searchParams }: { id: ListId; searchParams: SearchParams }) {
  const spec = lists[id];
  const user = await requireSubscriber(spec.path);
  const edition = user.country as Edition;
  const params = await searchParams;
  // A month's list is the same for every user of an edition: read and serialise it once per
  // import, not once per request (ADR 012).
  const version = await dataVersion();
  const periods = await byDataVersion(version, `periods|${id}|${edition}`, () => listPeriods(id, edition));
  const choice = chooseMonth({ periods, cadence: spec.cadence, month: first(params.month), now: new Date() });

  const searchTerm = (first(params.searchTerm) ?? "").trim().slice(0, 100);
  const period = choice.period;
  const options = period
    ? await byDataVersion(version, `options|${id}|${edition}|${period}`, () =>
        listFilterOptions(id, edition, period),
      )
    : {};
  // Only a value the drop-down offers is applied; anything else in the URL is ignored.
  const filterValues = Object.fromEntries(
    spec.filters.map((filter) => {
      const value = first(params[filter.name]) ?? "";
      return [filter.name, options[filter.name]?.includes(value) ? value : ""];
    }),
  );
  const query = { searchTerm, filters: filterValues };
  const rows = period
    ? await byDataVersion(version, `rows|${id}|${edition}|${period}|${JSON.stringify(query)}`, async () =>
        JSON.stringify(await listRows(id, edition, period, query)),
      )
    : "[]";
  const title = listTitle(spec, user.country);
  const dataEdition: Edition = spec.ewOnly ? 1 : edition;

  return (
    <PageContainer width="full" className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="max-w-3xl text-muted-foreground">{spec.explanation}</p>
        {spec.ewOnly && edition === 2 && (
          <p className="max-w-3xl text-sm">
            Northern Ireland does not publish this list: these are England &amp; Wales&apos; entries.
          </p>
        )}
      </header>
      <ListFilters
        key={`${choice.month.value}|${searchTerm}|${Object.values(filterValues).join("|")}`}
        months={choice.options}
        month={choice.month.value}
        searchTerm={searchTerm}
        searchLabel={spec.searchLabel}
        filters={spec.filters.map((filter) => ({
          ...filter,
          value: filterValues[filter.name] ?? "",
          options: (options[filter.name] ?? []).map((value) => ({ value, label: value })),
        }))}
      />
      {choice.period === null ? (
        <div role="status" className="rounded-lg border border-dashed p-6">
          <p className="font-medium">
            There is no {title} data for {choice.month.month}.
          </p>
          {choice.latest ? (
            <p className="mt-1 text-sm text-muted-foreground">
              The latest month with data is{" "}
              <Link
                className="font-medium text-foreground underline"
                href={`${spec.path}?month=${choice.latest.value}`}
              >
                {choice.latest.month}
              </Link>
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
          <DataTable
            columns={spec.columns}
            rows={rows}
            caption={`${title}, ${choice.month.month}`}
            fileName={`${spec.fileStem}-${editionCodes[dataEdition]}-${choice.month.value}.csv`}
            emptyMessage={
              searchTerm ? `Nothing matches “${searchTerm}” in ${choice.month.month}.` : "No rows to show."
            }
          />
        </>
      )}
    </PageContainer>
  );
}
