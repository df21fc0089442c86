import { toPeriod, type Edition, type PartId, type Period } from "@/lib/tariff-vocabulary";

import { monthFromWord } from "./periods";

/**
 * What a file name or a title row says about a file: its part, edition and month. Publishers name
 * files loosely (docs/data-formats.md): `Sep`/`Sept`/`September`, 2- or 4-digit years, the `20251`
 * typo, `_0` and ` (1)` suffixes, `.xls.csv`, `.xls.xlsx`, `Drug Tariff November 2025 Part IX.csv`,
 * and our processed copies' `drug_tariff_viii_a_202601.csv`. Anything not found is left undefined.
 */
export type NameFacts = {
  part?: PartId;
  edition?: Edition;
  period?: Period;
  /** A month without a year, as in NHSBSA title rows (`July Drug Tariff Part VIIIA`). */
  month?: number;
  /** Category M quarter (1 = April … 4 = January). */
  quarter?: number;
};

/** Parts Northern Ireland names differently; they also tell the edition. */
const partPatterns: { pattern: RegExp; part: PartId; edition?: Edition }[] = [
  { pattern: /\bcat(egory)?\s*m\b/, part: "cat-m" },
  { pattern: /\bviii\s*a\b/, part: "viiia" },
  { pattern: /\bviii\s*b\b/, part: "viiib" },
  { pattern: /\bviii\s*d\b/, part: "viiid" },
  { pattern: /\bxviii\s*a\b|\bblack\s*list(ed)?\b/, part: "blacklist" },
  { pattern: /\bpart\s*ii\s*(&|and)?\s*iii\b/, part: "ix", edition: 2 },
  { pattern: /\bix\b/, part: "ix" },
  { pattern: /\bpart\s*xi\b/, part: "blacklist", edition: 2 },
  { pattern: /\bpart\s*x\b|\bborderline\b/, part: "borderline", edition: 2 },
  { pattern: /\bzero\s*discount\b/, part: "zero-discount", edition: 2 },
  { pattern: /\bdiscount\s*not\s*deducted\b|\bdnd\b/, part: "zero-discount" },
  { pattern: /\bpart\s*i\b/, part: "viiia", edition: 2 },
  { pattern: /\bconcessions?\b/, part: "concessions" },
];

/** dm+d release files: `f_ampp2_3010419.xml`, the last six digits being the release date ddmmyy. */
const dmdPattern = /\bf_(?:vtm|vmp|vmpp|amp|ampp|gtin|lookup|ingredient)2_\d?(\d{2})(\d{2})(\d{2})\b/;

function yearFromToken(token: string | undefined): number | undefined {
  if (!token) return undefined;
  if (/^(19|20)\d{2}$/.test(token)) return Number(token);
  if (/^\d{2}$/.test(token)) return 2000 + Number(token);
  // "December 20251": a stray digit typed after the year.
  if (/^20\d{3}$/.test(token)) return Number(token.slice(0, 4));
  return undefined;
}

export function describeName(text: string): NameFacts {
  const facts: NameFacts = {};
  let raw = text.split(/[\\/]/).pop() ?? text;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // A stray % that is not an escape: keep the name as it is.
  }
  const lower = raw.toLowerCase();

  const dmd = dmdPattern.exec(lower);
  if (dmd) {
    return { part: "dmd", period: toPeriod(2000 + Number(dmd[3]), Number(dmd[2])) };
  }

  const words = lower.replace(/[^a-z0-9&]+/g, " ").trim();
  for (const { pattern, part, edition } of partPatterns) {
    if (pattern.test(words)) {
      facts.part = part;
      if (edition) facts.edition = edition;
      break;
    }
  }
  if (/\bnorthern\s*ireland\b|\bni\b/.test(words)) facts.edition = 2;

  const quarter = /\bquarter\s*([1-4])\b|\bq([1-4])\b/.exec(words);
  if (quarter) facts.quarter = Number(quarter[1] ?? quarter[2]);

  // 202601 or 2026-01, as in processed copies and our own sample files.
  const compact = /(?<!\d)((?:19|20)\d{2})[-_ ]?(0[1-9]|1[0-2])(?!\d)/.exec(lower);
  if (compact) {
    facts.period = toPeriod(Number(compact[1]), Number(compact[2]));
    return facts;
  }

  const tokens = words.split(" ");
  for (let index = tokens.length - 1; index >= 0; index--) {
    const month = monthFromWord(tokens[index]!);
    if (!month) continue;
    const year = yearFromToken(tokens[index + 1]);
    if (year) {
      facts.period = toPeriod(year, month);
      return facts;
    }
    facts.month ??= month;
  }
  return facts;
}
