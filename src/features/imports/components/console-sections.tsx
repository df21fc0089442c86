import { DataTable } from "@/components/data-table/data-table";
import type { DataColumn } from "@/components/data-table/format";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";

import { partIds, partLabel } from "@/lib/tariff-vocabulary";
import { importConsolePath } from "../paths";
import {
  importSources,
  type FetchRunSummary,
  type FetchStatus,
  type HistoryFilters,
  type ImportHistoryRow,
  type PolledPage,
  type PollingStatus,
} from "../queries";

/** The import console's server-rendered sections: the schedule and its runs, and the import history. */

const ukTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});
const when = (iso: string | null) => (iso ? ukTime.format(new Date(iso)) : "");

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const ukSeconds = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "Europe/London",
});

/** A later step of a publication: its time, and how long after it was found. */
function after(found: string, iso: string | null): string {
  if (!iso) return "";
  const seconds = Math.max(0, (new Date(iso).getTime() - new Date(found).getTime()) / 1000);
  return `${ukSeconds.format(new Date(iso))} (+${seconds < 60 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`})`;
}

const sourceNames: Record<string, string> = { cpe: "CPE concessions", nhsbsa: "NHSBSA Drug Tariff" };

function pageState(page: PolledPage): string {
  if (page.failures > 0)
    return `Cannot be reached since ${when(page.failingSince)} (${page.failures} ${page.failures === 1 ? "try" : "tries"}; asking less often): ${page.lastError ?? ""}`;
  if (!page.checkedAt) return "Not asked yet";
  return `Asked ${when(page.checkedAt)}: ${page.answer ?? ""}`;
}

/** The publisher watch: how often each page is asked, in words, each page's state, and each publication's times. */
export function PollingSection({ status }: { status: PollingStatus }) {
  return (
    <div className="grid gap-4">
      <ul className="grid gap-1" data-testid="poll-schedule">
        {status.schedule.map((line) => (
          <li key={line.source}>{line.words}</li>
        ))}
        {!status.on && <li className="font-medium">Off (FETCH=0 or POLL=0): no page is asked.</li>}
      </ul>
      <DataTable
        columns={pageColumns}
        rows={status.pages.map((page) => ({
          source: sourceNames[page.source] ?? page.source,
          url: page.url,
          state: pageState(page),
          changed: when(page.changedAt),
          requests: `${page.requests} (${page.notModified} answered 304)`,
        }))}
        caption="Publisher pages watched"
        fileName="publisher-pages.csv"
        emptyMessage="No page has been asked yet."
      />
      <DataTable
        columns={publicationColumns}
        rows={status.publications.map((publication) => ({
          source: sourceNames[publication.source] ?? publication.source,
          found: when(publication.foundAt),
          imported: after(publication.foundAt, publication.importedAt),
          announced: after(publication.foundAt, publication.announcedAt),
          emails: publication.emails,
          outcome: publication.outcome ?? "",
          message: publication.message ?? "",
        }))}
        caption="Publications found: when found, imported and announced"
        fileName="publications.csv"
        emptyMessage="No change found on a publisher's page yet."
      />
    </div>
  );
}

const pageColumns: DataColumn[] = [
  { id: "source", header: "Source", priority: "name" },
  { id: "state", header: "Last answer", priority: "key" },
  { id: "changed", header: "Last changed", priority: "key" },
  { id: "requests", header: "Requests" },
  { id: "url", header: "Page", priority: "detail" },
];

const publicationColumns: DataColumn[] = [
  { id: "source", header: "Source", priority: "name" },
  { id: "found", header: "Found", priority: "key" },
  { id: "imported", header: "Imported", priority: "key" },
  { id: "announced", header: "Announced", priority: "key" },
  { id: "emails", header: "E-mails", kind: "number" },
  { id: "outcome", header: "Outcome", priority: "detail" },
  { id: "message", header: "Files", priority: "detail" },
];

const runOutcomeWords: Record<string, string> = {
  imported: "Imported new data",
  nothing_new: "Nothing new",
  failed: "Failed",
  retrying: "Could not reach a site; trying again",
};

const runOutcome = (run: FetchRunSummary) =>
  run.finishedAt ? (runOutcomeWords[run.outcome ?? ""] ?? run.outcome ?? "") : "Running";

const runColumns: DataColumn[] = [
  { id: "started", header: "Started", priority: "name" },
  { id: "trigger", header: "Started by", priority: "key" },
  { id: "outcome", header: "Outcome", priority: "key" },
  { id: "summary", header: "Files" },
  { id: "finished", header: "Finished", priority: "detail" },
];

export function FetchStatusSection({ status }: { status: FetchStatus }) {
  const last = status.lastScheduled;
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Schedule</dt>
        <dd className="font-medium">
          {status.schedule === "off" ? (
            "Off (FETCH=0)"
          ) : (
            <>
              <span data-testid="fetch-schedule">{capitalised(status.scheduleWords)}</span>
              {status.dmdEnabled ? " · NHSBSA, CPE and dm+d" : " · NHSBSA and CPE (dm+d needs TRUD_API_KEY)"}
            </>
          )}
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Last scheduled run</dt>
        <dd className="font-medium" data-testid="last-scheduled-run">
          {last ? `${when(last.startedAt)}: ${runOutcome(last)}` : "None yet"}
          {last?.message && <span className="block text-sm font-normal">{last.message}</span>}
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Next scheduled run</dt>
        <dd className="font-medium" data-testid="next-scheduled-run">
          {status.nextRunAt ? when(status.nextRunAt) : "None: the schedule is off"}
        </dd>
      </div>
    </dl>
  );
}

export function FetchRunsTable({ runs }: { runs: FetchRunSummary[] }) {
  return (
    <DataTable
      columns={runColumns}
      rows={runs.map((run) => ({
        started: when(run.startedAt),
        trigger: run.trigger === "scheduled" ? "Schedule" : `Fetch now (${run.actor})`,
        outcome: runOutcome(run),
        summary: run.message,
        finished: when(run.finishedAt),
      }))}
      caption="Recent fetch runs"
      fileName="fetch-runs.csv"
      emptyMessage="No fetch has run yet."
    />
  );
}

const historyColumns: DataColumn[] = [
  { id: "file", header: "File", priority: "name" },
  { id: "when", header: "When", priority: "key" },
  { id: "source", header: "Source", priority: "key" },
  { id: "outcome", header: "Outcome", priority: "key" },
  { id: "part", header: "Part" },
  { id: "month", header: "Month" },
  { id: "rows", header: "Rows", kind: "number" },
  { id: "duration", header: "Duration" },
  { id: "who", header: "Who or what", priority: "detail" },
  { id: "edition", header: "Edition", priority: "detail" },
  { id: "sha256", header: "SHA-256", kind: "code", priority: "detail" },
  { id: "message", header: "Message", priority: "detail" },
];

export function ImportHistoryTable({ rows }: { rows: ImportHistoryRow[] }) {
  return (
    <DataTable
      columns={historyColumns}
      rows={rows.map((row) => ({
        file: row.fileName,
        when: when(row.startedAt),
        source: row.source,
        outcome: row.outcome,
        part: row.part,
        month: row.period,
        rows: row.rows,
        duration: `${(row.durationMs / 1000).toFixed(1)} s`,
        who: row.actor,
        edition: row.edition,
        sha256: row.sha256,
        message: row.message,
      }))}
      caption="Import history, newest first"
      fileName="import-history.csv"
      emptyMessage="No import matches these filters."
    />
  );
}

function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`history-${name}`}>{label}</Label>
      <select
        id={`history-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">All</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The history's filters: a plain GET form, so a filtered history is an address to keep. */
export function HistoryFilterForm({ filters }: { filters: HistoryFilters }) {
  return (
    <form action={importConsolePath} method="get" className="flex flex-wrap items-end gap-3">
      <Choice name="source" label="Source" value={filters.source} options={Object.entries(importSources)} />
      <Choice
        name="outcome"
        label="Outcome"
        value={filters.outcome}
        options={[
          ["imported", "Imported"],
          ["unchanged", "Unchanged"],
          ["rejected", "Rejected"],
        ]}
      />
      <Choice
        name="part"
        label="Part"
        value={filters.part}
        options={partIds.map((part) => [part, partLabel(part, 1)])}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="history-file">File name contains</Label>
        <input
          id="history-file"
          name="file"
          type="search"
          defaultValue={filters.file ?? ""}
          maxLength={100}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        />
      </div>
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </form>
  );
}
