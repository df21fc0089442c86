import { Parser } from "htmlparser2";

import type { PartId, Period } from "@/lib/tariff-vocabulary";

import { describeName } from "../file-name";

/** The parts NHSBSA publishes as data files (Part VIII page: VIIIA, Cat M, VIIIB, VIIID; Part IX page). */
export const nhsbsaParts: readonly PartId[] = ["viiia", "cat-m", "viiib", "viiid", "ix"];

export type Anchor = { href: string; text: string };

/** Every link on a page, its address made absolute and its text with spaces tidied. */
export function readAnchors(html: string, pageUrl: string): Anchor[] {
  const anchors: Anchor[] = [];
  let open: { href: string; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "a" || !attributes.href) return;
        try {
          open = { href: new URL(attributes.href, pageUrl).href, text: "" };
        } catch {
          open = undefined;
        }
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (name !== "a" || !open) return;
        anchors.push({ href: open.href, text: open.text.replace(/\s+/g, " ").trim() });
        open = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return anchors;
}

/** The longest name written to the work folder, in UTF-8 bytes (file systems allow 255). */
const longestName = 200;

/**
 * `name` as a file name safe to write in the work folder: its last segment after either slash,
 * without control characters, leading dots or spaces, and at most 200 bytes (its extension kept);
 * `fallback` when nothing is left. A link named `..%2F..%2Fx.csv` is written as `x.csv`, inside.
 */
export function safeBaseName(name: string, fallback: string): string {
  let base = (name.split(/[/\\]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/^[.\s]+/, "")
    .trimEnd();
  if (Buffer.byteLength(base) > longestName) {
    const extension = /\.[\w.]{1,12}$/.exec(base)?.[0] ?? "";
    let stem = base.slice(0, base.length - extension.length);
    while (Buffer.byteLength(stem + extension) > longestName) stem = stem.slice(0, -1);
    base = stem + extension;
  }
  return base || fallback;
}

/**
 * The file name a link points at, unescaped and made safe to write (`safeBaseName`):
 * `Part VIIIA Jun 26.xls.csv`.
 */
export function linkFileName(href: string): string {
  const last = new URL(href).pathname.split("/").pop() ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Not valid percent-encoding: the name as written.
  }
  return safeBaseName(name, "");
}

export type TariffLink = {
  url: string;
  /** The file name as published, which the import records keep. */
  fileName: string;
  format: "csv" | "xlsx";
  part: PartId;
  period: Period;
  /** Facts that only the link text gave, to tell the importer (a file name that names no month). */
  fromText: { part?: PartId; period?: Period };
};

const dataFile = /\.(csv|xlsx)$/i;

/**
 * The Drug Tariff data files a page links to, each with the part and month its file name says (or,
 * failing that, its link text says). Links to anything else — PDFs, glossaries, other pages — and
 * files whose part or month cannot be told are left out: a fetcher never guesses.
 */
export function findTariffLinks(html: string, pageUrl: string): TariffLink[] {
  const links: TariffLink[] = [];
  const seen = new Set<string>();
  for (const anchor of readAnchors(html, pageUrl)) {
    const fileName = linkFileName(anchor.href);
    const format = dataFile.exec(fileName)?.[1]?.toLowerCase() as "csv" | "xlsx" | undefined;
    if (!format || seen.has(anchor.href)) continue;
    const named = describeName(fileName);
    const told = describeName(anchor.text);
    const part = named.part ?? told.part;
    const period = named.period ?? told.period;
    if (!part || !period || !nhsbsaParts.includes(part)) continue;
    if (named.edition === 2 || told.edition === 2) continue;
    seen.add(anchor.href);
    links.push({
      url: anchor.href,
      fileName,
      format,
      part,
      period,
      fromText: {
        ...(named.part ? {} : { part }),
        ...(named.period ? {} : { period }),
      },
    });
  }
  return links;
}

/**
 * One link per part and month: both formats hold the same data, and the CSV is the cheaper to read.
 * In page order, newest first as the pages list them.
 */
export function choosePerMonth(links: TariffLink[]): TariffLink[] {
  const chosen = new Map<string, TariffLink>();
  for (const link of links) {
    const key = `${link.part} ${link.period}`;
    const kept = chosen.get(key);
    if (!kept || (kept.format === "xlsx" && link.format === "csv")) chosen.set(key, link);
  }
  return [...chosen.values()];
}
