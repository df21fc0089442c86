import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Database } from "@/db/client";
import { editionCodes } from "@/lib/tariff-vocabulary";

import { BadFileError } from "../errors";
import { parseConcessionsHtml } from "../parsers/concessions";
import { importFile, type ImportOutcome } from "../service";
import { defaultHttpOptions, downloadFile, fetchText, FetchError, type HttpOptions } from "./http";
import { choosePerMonth, findTariffLinks, linkFileName, type TariffLink } from "./links";
import { knownMonth, seenFile } from "./records";

/**
 * The fetchers: read a publisher's page, decide which of its files are new, download those and hand
 * each to the import pipeline, which checks, records and stores it exactly as for `npm run import`
 * (docs/decisions/080-fetching-through-the-import-pipeline.md).
 */

export const fetchSources = ["nhsbsa", "cpe"] as const;
export type FetchSource = (typeof fetchSources)[number];

export type FetchOptions = {
  /** Who or what runs the fetch, for the import records: `fetch:nhsbsa`, … */
  actor: string;
  http?: Partial<HttpOptions>;
  /** Called with each file's outcome as soon as it is known. */
  onOutcome?: (outcome: ImportOutcome) => void;
  /** Progress lines for a person watching (downloads started). */
  onProgress?: (line: string) => void;
};

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

/** A download that failed after its tries, in the words of an outcome; anything else is a bug, rethrown. */
function failureMessage(error: unknown, what: string): string {
  if (error instanceof FetchError) return `${what}: ${error.message}`;
  throw error;
}

const fileFailed = "could not be downloaded, nothing was changed";
const pageFailed = "the page could not be read, nothing was imported from it";

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
  http: HttpOptions,
  options: FetchOptions,
): Promise<ImportOutcome> {
  const known = await knownMonth(db, 1, link.part, link.period);
  if (known.loaded && known.fileNames.has(link.fileName) && !newest) {
    return linkOutcome(link, "unchanged", "already imported from this file; not downloaded again");
  }
  options.onProgress?.(`${link.fileName}: downloading ${link.url}`);
  const file = path.join(folder, link.fileName);
  try {
    let downloaded;
    try {
      downloaded = await downloadFile(link.url, file, http);
    } catch (error) {
      return linkOutcome(link, "rejected", failureMessage(error, fileFailed));
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
  const outcomes: ImportOutcome[] = [];
  const report = (outcome: ImportOutcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  };
  await withWorkFolder(async (folder) => {
    for (const pageUrl of pageUrls) {
      let html: string;
      try {
        html = await fetchText(pageUrl, http);
      } catch (error) {
        report(pageFailure(pageUrl, failureMessage(error, pageFailed)));
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
        report(await fetchTariffFile(db, link, newest.get(link.part) === link.period, folder, http, options));
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
  const name = `${linkFileName(pageUrl).replace(/\.html?$/i, "") || "price-concessions"}.html`;
  const outcome = await withWorkFolder(async (folder): Promise<ImportOutcome> => {
    const file = path.join(folder, name);
    options.onProgress?.(`${name}: downloading ${pageUrl}`);
    let sha256: string;
    try {
      sha256 = (await downloadFile(pageUrl, file, http)).sha256;
    } catch (error) {
      return pageFailure(pageUrl, failureMessage(error, pageFailed));
    }
    if (await seenFile(db, sha256)) {
      return {
        ...pageFailure(name, "the page has not changed since it was last imported"),
        edition: editionCodes[1],
        part: "concessions",
        status: "unchanged",
      };
    }
    try {
      parseConcessionsHtml(name, await fs.promises.readFile(file, "utf8"), undefined);
    } catch (error) {
      if (error instanceof BadFileError && noTable.test(error.message)) {
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
