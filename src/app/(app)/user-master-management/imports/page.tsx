import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import {
  FetchRunsTable,
  FetchStatusSection,
  HistoryFilterForm,
  ImportHistoryTable,
  PollingSection,
} from "@/features/imports/components/console-sections";
import { FetchNowButton } from "@/features/imports/components/fetch-panel";
import { ImportUploader } from "@/features/imports/components/import-uploader";
import {
  getFetchStatus,
  getImportHistory,
  getPollingStatus,
  historyFilterSchema,
} from "@/features/imports/queries";
import { masterAdminPath } from "@/features/owner/paths";
import { ownerPageMetadata, requireOwner } from "@/lib/session";

export const generateMetadata = ownerPageMetadata("Data imports");

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) || undefined;

export default async function ImportConsolePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireOwner();
  const params = await searchParams;
  const filters = historyFilterSchema.parse({
    source: first(params.source),
    outcome: first(params.outcome),
    part: first(params.part),
    file: first(params.file),
  });
  const [status, polling, history] = await Promise.all([
    getFetchStatus(),
    getPollingStatus(),
    getImportHistory(filters),
  ]);
  return (
    <PageContainer width="full" className="space-y-8">
      <header className="space-y-2">
        <p className="text-sm">
          <Link href={masterAdminPath} className="underline underline-offset-2">
            Master Admin
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">Data imports</h1>
        <p className="max-w-3xl text-muted-foreground">
          The Drug Tariff files, concession pages and dm+d releases behind every page: fetched on a schedule,
          or uploaded here, each checked and imported the same way.
        </p>
      </header>
      <section className="grid gap-4" aria-labelledby="fetch-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="fetch-heading" className="text-xl font-semibold">
            Scheduled fetch
          </h2>
          <FetchNowButton running={status.running !== null} />
        </div>
        <FetchStatusSection status={status} />
        <FetchRunsTable runs={status.recent} />
      </section>
      <section className="grid gap-4" aria-labelledby="poll-heading">
        <h2 id="poll-heading" className="text-xl font-semibold">
          Publisher watch
        </h2>
        <p className="max-w-3xl text-muted-foreground">
          Between scheduled fetches, CPE&apos;s and NHSBSA&apos;s pages are asked whether they changed; a
          change is imported and announced to its watchers at once.
        </p>
        <PollingSection status={polling} />
      </section>
      <section className="grid gap-4" aria-labelledby="upload-heading">
        <h2 id="upload-heading" className="text-xl font-semibold">
          Upload files
        </h2>
        <ImportUploader />
      </section>
      <section className="grid gap-4" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-semibold">
          Import history
        </h2>
        <HistoryFilterForm filters={filters} />
        <ImportHistoryTable rows={history} />
      </section>
    </PageContainer>
  );
}
