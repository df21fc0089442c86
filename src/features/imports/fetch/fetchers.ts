import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { z } from "zod";

import type { Database } from "@/db/client";
import { bareHost, defaultFetchHosts, defaultFetchMaxMb, listOf, type Env } from "@/lib/env";
import { editionCodes } from "@/lib/tariff-vocabulary";

import { extractDmdRelease } from "../dmd-archive";
import { BadFileError } from "../errors";
import { parseConcessionsHtml } from "../parsers/concessions";
import { importFile, type ImportOutcome } from "../service";
import {
  defaultHttpOptions,
  downloadFile,
  fetchIfChanged,
  fetchText,
  FetchError,
  type HttpOptions,
  type PageAnswer,
  type Validators,
} from "./http";
import { choosePerMonth, findTariffLinks, linkFileName, safeBaseName, type TariffLink } from "./links";
import { hostOf, type Reach } from "./reach";
import { concessionsNotYetGranted } from "./concessions-page";
import { knownMonth, seenFile, seenRelease } from "./records";

/**
 * The fetchers: read a publisher's page, decide which of its files are new, download those and hand
 * each to the import pipeline, which checks, records and stores it exactly as for `npm run import`
 * (docs/decisions/080-fetching-through-the-import-pipeline.md).
 */

export const fetchSources = ["nhsbsa", "cpe", "dmd"] as const;
export type FetchSource = (typeof fetchSources)[number];

export type FetchOptions = {
  /** Who or what runs the fetch, for the import records: `fetch:nhsbsa`, … */
  actor: string;
  http?: Partial<HttpOptions>;
  /** Called with each file's outcome as soon as it is known. */
  onOutcome?: (outcome: ImportOutcome) => void;
  /** Progress lines for a person watching (downloads started). */
  onProgress?: (line: string) => void;
  /** The time the pass runs at, which decides whether a concessions page without a table is early. */
  now?: Date;
  /** Where the source may fetch from and how much (ADR 170); what is left out is the default. */
  reach?: ReachSettings;
};

/**
 * What a source may reach, as settings give it. Left out: the source's hosts of docs/deploy.md,
 * its default size limit, and no plain http.
 */
export type ReachSettings = Partial<Pick<Reach, "hosts" | "localHosts" | "maxBytes">>;

const MB = 1024 * 1024;

function reachOf(source: FetchSource, settings: ReachSettings = {}): Reach {
  const name = source.toUpperCase();
  return {
    hosts: (settings.hosts ?? defaultFetchHosts[source]).map(bareHost),
    localHosts: (settings.localHosts ?? []).map(bareHost),
    maxBytes: settings.maxBytes ?? defaultFetchMaxMb[source] * MB,
    hostsSetting: `FETCH_${name}_HOSTS`,
    limitSetting: `FETCH_${name}_MAX_MB`,
  };
}

/** The hosts a fetch that started from `url` may reach: its own and the source's. */
const hostsFrom = (url: string, reach: Reach) => [hostOf(url), ...reach.hosts];

/** Where a file named `name` is written: inside `folder`, under a safe base name, whatever `name` says. */
function workFile(folder: string, name: string, fallback: string): string {
  const file = path.join(folder, safeBaseName(name, fallback));
  if (path.dirname(file) !== folder) throw new Error(`${name} would be written outside the work folder`);
  return file;
}

/** An outcome that is not a file at all: a page that could not be read. */
function pageFailure(url: string, message: string): ImportOutcome {
  return { file: url, edition: null, part: null, period: null, rows: null, status: "rejected", message };
}

function linkOutcome(link: TariffLink, status: ImportOutcome["status"], message: string): ImportOutcome {
  return {
    file: link.fileName,
    edition: editionCodes[1],
    part: link.part,
    period: link.period,
    rows: null,
    status,
    message,
  };
}

async function withWorkFolder<T>(run: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "tariffscope-fetch-"));
  try {
    return await run(folder);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/**
 * A download that failed after its tries, or was refused, in the words of an outcome; anything else
 * is a bug, rethrown. Only a failure may be tried again by a later pass (`isUnreachable`).
 */
function failureMessage(error: unknown, failed: string, refused: string): string {
  if (error instanceof FetchError) return `${error.refused ? refused : failed}: ${error.message}`;
  throw error;
}

const fileFailed = "could not be downloaded, nothing was changed";
const fileRefused = "was refused, nothing was changed";
const pageFailed = "the page could not be read, nothing was imported from it";
const pageRefused = "the page was refused, nothing was imported from it";
const trudListFailed = "TRUD's list of dm+d releases could not be read";
const trudListRefused = "TRUD's list of dm+d releases was refused";

/** The newest month of each part among the links: the one re-checked on every pass. */
function newestByPart(links: TariffLink[]): Map<string, string> {
  const newest = new Map<string, string>();
  for (const link of links) {
    const kept = newest.get(link.part);
    if (!kept || link.period > kept) newest.set(link.part, link.period);
  }
  return newest;
}

async function fetchTariffFile(
  db: Database,
  link: TariffLink,
  newest: boolean,
  folder: string,
  where: { hosts: string[]; reach: Reach; http: HttpOptions },
  options: FetchOptions,
): Promise<ImportOutcome> {
  const known = await knownMonth(db, 1, link.part, link.period);
  if (known.loaded && known.fileNames.has(link.fileName) && !newest) {
    return linkOutcome(link, "unchanged", "already imported from this file; not downloaded again");
  }
  options.onProgress?.(`${link.fileName}: downloading ${link.url}`);
  const file = workFile(folder, link.fileName, `${link.part}-${link.period}.${link.format}`);
  try {
    let downloaded;
    try {
      downloaded = await downloadFile(link.url, file, where.hosts, where.reach, where.http);
    } catch (error) {
      return linkOutcome(link, "rejected", failureMessage(error, fileFailed, fileRefused));
    }
    if (known.loaded && known.sha256s.has(downloaded.sha256)) {
      return linkOutcome(
        link,
        "unchanged",
        "the same file (by SHA-256) as the one already imported; not imported again",
      );
    }
    return await importFile(db, file, { actor: options.actor, overrides: link.fromText });
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/**
 * One pass over NHSBSA's Drug Tariff pages. A month not loaded yet, or offered under a file name not
 * seen before, is downloaded and imported; the newest month of each part is downloaded every pass and
 * imported only when its bytes differ from every file already imported for it.
 */
export async function fetchNhsbsa(
  db: Database,
  pageUrls: string[],
  options: FetchOptions,
): Promise<ImportOutcome[]> {
  const http = { ...defaultHttpOptions, ...options.http };
  const reach = reachOf("nhsbsa", options.reach);
  const outcomes: ImportOutcome[] = [];
  const report = (outcome: ImportOutcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  };
  await withWorkFolder(async (folder) => {
    for (const pageUrl of pageUrls) {
      const hosts = hostsFrom(pageUrl, reach);
      let html: string;
      try {
        html = await fetchText(pageUrl, hosts, reach, http);
      } catch (error) {
        report(pageFailure(pageUrl, failureMessage(error, pageFailed, pageRefused)));
        continue;
      }
      const links = choosePerMonth(findTariffLinks(html, pageUrl));
      if (links.length === 0) {
        report(
          pageFailure(
            pageUrl,
            "no Drug Tariff CSV or XLSX file (Part VIIIA, Category M, Part VIIIB, Part VIIID or Part IX, " +
              "named with its month) is linked from this page: its layout may have changed. Nothing was imported from it.",
          ),
        );
        continue;
      }
      const newest = newestByPart(links);
      for (const link of links) {
        const isNewest = newest.get(link.part) === link.period;
        report(await fetchTariffFile(db, link, isNewest, folder, { hosts, reach, http }, options));
      }
    }
  });
  return outcomes;
}

const noTable = /no price concessions table/;

/**
 * One pass over Community Pharmacy England's price concessions page: imported when its bytes differ
 * from every copy imported before; the import pipeline then stores only the months whose
 * concessions changed.
 */
export async function fetchCpe(
  db: Database,
  pageUrl: string,
  options: FetchOptions,
): Promise<ImportOutcome[]> {
  const http = { ...defaultHttpOptions, ...options.http };
  const reach = reachOf("cpe", options.reach);
  const name = `${linkFileName(pageUrl).replace(/\.html?$/i, "") || "price-concessions"}.html`;
  const outcome = await withWorkFolder(async (folder): Promise<ImportOutcome> => {
    const file = workFile(folder, name, "price-concessions.html");
    options.onProgress?.(`${name}: downloading ${pageUrl}`);
    let sha256: string;
    try {
      sha256 = (await downloadFile(pageUrl, file, hostsFrom(pageUrl, reach), reach, http)).sha256;
    } catch (error) {
      return pageFailure(pageUrl, failureMessage(error, pageFailed, pageRefused));
    }
    if (await seenFile(db, sha256)) {
      return {
        ...pageFailure(name, "the page has not changed since it was last imported"),
        edition: editionCodes[1],
        part: "concessions",
        status: "unchanged",
      };
    }
    const html = await fs.promises.readFile(file, "utf8");
    try {
      parseConcessionsHtml(name, html, undefined);
    } catch (error) {
      if (error instanceof BadFileError && noTable.test(error.message)) {
        const month = concessionsNotYetGranted(html, options.now ?? new Date());
        if (month) {
          return {
            ...pageFailure(
              name,
              `no price concessions have been granted for ${month} yet (the page has no table so far this month); nothing to import`,
            ),
            edition: editionCodes[1],
            part: "concessions",
            status: "unchanged",
          };
        }
        return pageFailure(
          pageUrl,
          "no price concessions table (columns Drug, Pack size, Price concession under a month's heading) " +
            "is on this page: its layout may have changed. Nothing was imported from it.",
        );
      }
      // Other problems are the importer's to report, line by line, in the import records.
    }
    return importFile(db, file, { actor: options.actor });
  });
  options.onOutcome?.(outcome);
  return [outcome];
}

/** Where TRUD's API is and whose key to use; dm+d is TRUD's item 24 (NHSBSA dm+d). */
export type TrudSettings = { apiUrl: string; apiKey: string; item?: number };

const dmdItem = 24;

/** TRUD's list of releases is a few kilobytes of JSON, read into memory: it gets 1 MB, not a release's limit. */
const trudListLimit = (reach: Reach) => ({
  maxBytes: Math.min(reach.maxBytes, MB),
  limitSetting: "the most TRUD's list of releases may have",
});

/** The part of TRUD's "latest release" answer the fetcher relies on (its documented field names). */
const trudReleases = z.object({
  releases: z
    .array(
      z.object({
        id: z.string().min(1),
        releaseDate: z.string().optional(),
        archiveFileUrl: z.url(),
        archiveFileName: z.string().regex(/^[\w.-]+\.zip$/i),
        archiveFileSha256: z.string().optional(),
      }),
    )
    .min(1),
});

/**
 * One pass over TRUD's latest dm+d release (a weekly zip of XML files): downloaded and imported when
 * no import has taken a release of that name yet. The API key is part of every TRUD address, so no
 * address is ever printed or recorded with it.
 */
export async function fetchDmd(
  db: Database,
  trud: TrudSettings,
  options: FetchOptions,
): Promise<ImportOutcome[]> {
  const http = { ...defaultHttpOptions, ...options.http };
  const reach = reachOf("dmd", options.reach);
  const hosts = hostsFrom(trud.apiUrl, reach);
  const hide = (text: string) => text.split(trud.apiKey).join("<TRUD_API_KEY>");
  const listUrl = `${trud.apiUrl.replace(/\/$/, "")}/keys/${encodeURIComponent(trud.apiKey)}/items/${trud.item ?? dmdItem}/releases?latest`;
  const shownList = hide(listUrl);
  const outcome = await withWorkFolder(async (folder): Promise<ImportOutcome> => {
    let body: string;
    try {
      body = await fetchText(listUrl, hosts, { ...reach, ...trudListLimit(reach) }, http);
    } catch (error) {
      return pageFailure(shownList, hide(failureMessage(error, trudListFailed, trudListRefused)));
    }
    let parsed;
    try {
      parsed = trudReleases.safeParse(JSON.parse(body));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      return pageFailure(
        shownList,
        "TRUD's answer is not the list of releases expected (releases[] with archiveFileUrl and archiveFileName): its API may have changed. Nothing was imported.",
      );
    }
    const release = parsed.data.releases[0]!;
    // The release's folder and its zip beside it, both named after the release, never alike.
    const releaseName = safeBaseName(release.archiveFileName, "").replace(/\.zip$/i, "") || "dmd-release";
    const archiveName = `${releaseName}.zip`;
    const described = (status: ImportOutcome["status"], message: string): ImportOutcome => ({
      file: archiveName,
      edition: editionCodes[1],
      part: "dmd",
      period: null,
      rows: null,
      status,
      message,
    });
    if (await seenRelease(db, releaseName)) {
      return described("unchanged", "this dm+d release was imported before; not downloaded again");
    }
    options.onProgress?.(`${archiveName}: downloading from TRUD`);
    const archive = workFile(folder, archiveName, "dmd-release.zip");
    let downloaded;
    try {
      downloaded = await downloadFile(release.archiveFileUrl, archive, hosts, reach, http);
    } catch (error) {
      return described("rejected", hide(failureMessage(error, fileFailed, fileRefused)));
    }
    const expected = release.archiveFileSha256?.toLowerCase();
    if (expected && downloaded.sha256 !== expected) {
      return described(
        "rejected",
        `the download's SHA-256 (${downloaded.sha256}) is not the one TRUD published (${expected}); nothing was changed`,
      );
    }
    let ampp: string;
    try {
      ampp = await extractDmdRelease(archive, workFile(folder, releaseName, "dmd-release"));
    } catch (error) {
      if (error instanceof BadFileError) return described("rejected", error.message);
      throw error;
    } finally {
      await fs.promises.rm(archive, { force: true });
    }
    return importFile(db, ampp, { actor: options.actor });
  });
  options.onOutcome?.(outcome);
  return [outcome];
}

/** Where the fetchers look: the settings of `src/lib/env.ts`, read once by the caller. */
export type SourceSettings = {
  nhsbsaUrls: string[];
  cpeUrl: string;
  trud?: TrudSettings;
  /** What each source may reach and how much it may bring back; left out, the defaults. */
  reach?: Partial<Record<FetchSource, ReachSettings>>;
};

/** The sources a pass reads: dm+d only when there is a TRUD key to read it with. */
export function sourcesToFetch(settings: SourceSettings): FetchSource[] {
  return fetchSources.filter((source) => source !== "dmd" || settings.trud);
}

/** One source's pass. */
export function fetchSource(
  db: Database,
  source: FetchSource,
  settings: SourceSettings,
  options: FetchOptions,
): Promise<ImportOutcome[]> {
  const withReach = { ...options, reach: { ...settings.reach?.[source], ...options.reach } };
  switch (source) {
    case "nhsbsa":
      return fetchNhsbsa(db, settings.nhsbsaUrls, withReach);
    case "cpe":
      return fetchCpe(db, settings.cpeUrl, withReach);
    case "dmd":
      if (!settings.trud) throw new Error("dm+d is fetched from TRUD, which needs TRUD_API_KEY");
      return fetchDmd(db, settings.trud, withReach);
  }
}

/**
 * A source's page asked for only if it changed since `known` (ADR 205), from the source's own hosts
 * and within its size limit, as every fetch of it is (ADR 170).
 */
export function checkPage(
  source: FetchSource,
  url: string,
  settings: SourceSettings,
  http: HttpOptions,
  known: Validators,
): Promise<PageAnswer> {
  const reach = reachOf(source, settings.reach?.[source]);
  return fetchIfChanged(url, hostsFrom(url, reach), reach, http, known);
}

/**
 * Whether an outcome is a page or file that could not be reached (after its tries), which another
 * pass later may well reach, rather than one that was read and found wrong.
 */
export function isUnreachable(outcome: ImportOutcome): boolean {
  return (
    outcome.status === "rejected" &&
    [fileFailed, pageFailed, trudListFailed].some((words) => outcome.message.includes(words))
  );
}

/** The fetchers' settings from the environment. */
export function sourceSettingsOf(
  env: Pick<
    Env,
    | "NHSBSA_TARIFF_URL"
    | "CPE_CONCESSIONS_URL"
    | "TRUD_API_KEY"
    | "TRUD_API_URL"
    | "FETCH_ALLOWED_HOSTS"
    | "FETCH_NHSBSA_HOSTS"
    | "FETCH_CPE_HOSTS"
    | "FETCH_DMD_HOSTS"
    | "FETCH_NHSBSA_MAX_MB"
    | "FETCH_CPE_MAX_MB"
    | "FETCH_DMD_MAX_MB"
  >,
): SourceSettings {
  const localHosts = listOf(env.FETCH_ALLOWED_HOSTS);
  const reach = (hosts: string, maxMb: number): ReachSettings => ({
    hosts: listOf(hosts),
    localHosts,
    maxBytes: Math.round(maxMb * MB),
  });
  return {
    nhsbsaUrls: listOf(env.NHSBSA_TARIFF_URL),
    cpeUrl: env.CPE_CONCESSIONS_URL,
    trud: env.TRUD_API_KEY ? { apiUrl: env.TRUD_API_URL, apiKey: env.TRUD_API_KEY } : undefined,
    reach: {
      nhsbsa: reach(env.FETCH_NHSBSA_HOSTS, env.FETCH_NHSBSA_MAX_MB),
      cpe: reach(env.FETCH_CPE_HOSTS, env.FETCH_CPE_MAX_MB),
      dmd: reach(env.FETCH_DMD_HOSTS, env.FETCH_DMD_MAX_MB),
    },
  };
}
