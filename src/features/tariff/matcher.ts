import "server-only";

import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The one way a search term matches a product, used by every list's `searchTerm` and by the global
 * search, so that a search's first results are the first rows of the list it leads to (ADR 050, 180).
 *
 * A row matches exactly when one of its codes is the term, or when every word of the term begins a
 * word of its name (`amox` finds Amoxicillin and Co-amoxiclav, not Tamoxifen; `amox 500` finds
 * 'Amoxicillin 500mg capsules'; a decimal's digits after its point begin no word). Only where no row
 * of a list matches exactly does it fall back to its near matches: the term inside a word, or a near
 * spelling of part of the name (`paracetemol`, by pg_trgm's word similarity, at the threshold every
 * connection of the pool sets). Case is ignored; accents are taken off the term (the tariff's names
 * are written without them).
 */
export type Match = {
  /** Whether a row matches exactly: by a code, or with every word of the term starting a word. */
  exact: SQL;
  /** Whether a row matches nearly: the term inside a word of its name, or a near spelling of it. */
  near: SQL;
  /**
   * Order by these, in turn: exact codes, then names starting with the whole term, then with its
   * first word and every other word a word prefix, then all words as prefixes, then names containing
   * the term, then likeness.
   */
  order: SQL[];
};

/**
 * The term as matched: trimmed, spaces collapsed, accents removed, lower case. Control characters
 * count as spaces: PostgreSQL text cannot hold a NUL, so a term with one would fail the query.
 */
export function normaliseTerm(term: string | undefined): string {
  return withoutControls(term)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const withoutControls = (term: string | undefined) => (term ?? "").replace(/\p{Cc}/gu, " ");

/** The user's own `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The user's own regular-expression characters taken literally. */
const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A term's word at the start of a word of a name (`\m`), except after a decimal point: `5mg` begins a
 * word of 'Oxybutynin 5mg tablets' but not of 'Oxybutynin 2.5mg tablets'. A word that starts with a
 * sign (`(base)`) begins the name or follows a space instead.
 */
const atWordStart = (word: string) =>
  `${/^[\p{L}\p{N}_]/u.test(word) ? "(?<![0-9][.,])\\m" : "(?<!\\S)"}${regexLiteral(word)}`;

/**
 * Whether one of `codes` is the term exactly. Codes are digits (SNOMED CT ids, GTINs) or order
 * numbers, which may hold capital letters: only a single word can be one.
 */
export function matchCode(term: string | undefined, codes: AnyPgColumn[]): SQL | undefined {
  const trimmed = withoutControls(term).trim();
  if (!trimmed || /\s/.test(trimmed) || codes.length === 0) return undefined;
  const spellings = [...new Set([trimmed, trimmed.toUpperCase()])];
  return or(...codes.map((c) => inArray(c, spellings)));
}

/**
 * How `name` (and, for exact matches, `codes`) match `term`, or undefined when there is no term.
 * Ties keep the list's own order, which the caller appends.
 */
export function matchTerm(
  name: AnyPgColumn | SQL,
  term: string | undefined,
  codes: AnyPgColumn[] = [],
): Match | undefined {
  const normalised = normaliseTerm(term);
  if (!normalised) return undefined;
  const words = normalised.split(" ");
  const contains = sql`${name} ilike ${`%${likeLiteral(normalised)}%`}`;
  const allWordPrefixes = and(...words.map((word) => sql`${name} ~* ${atWordStart(word)}`))!;
  const startsWithTerm = sql`${name} ilike ${`${likeLiteral(normalised)}%`}`;
  // `amox 500` starts 'Amoxicillin 500mg capsules' much as `amoxicillin 500` does, but after every
  // name that starts with the whole term: `quetiapine 25mg tablets` is 'Quetiapine 25mg tablets'
  // before 'Quetiapine 25mg modified-release tablets'.
  const startsWithFirstWord = and(sql`${name} ilike ${`${likeLiteral(words[0]!)}%`}`, allWordPrefixes)!;
  const similar = sql`${normalised} <% ${name}`;
  const code = matchCode(term, codes);
  const tier = sql`case
    when ${code ?? sql`false`} then 0
    when ${startsWithTerm} then 1
    when ${startsWithFirstWord} then 2
    when ${allWordPrefixes} then 3
    when ${contains} then 4
    else 5 end`;
  // Within the exact tiers the list's own (alphabetical) order reads best. Near spellings go by
  // likeness of the best-matching words, then of the whole name (so the shorter, closer name first).
  const nearOnly = (measure: SQL) => sql`case when ${tier} = 5 then ${measure} else 1 end desc`;
  return {
    exact: or(code, allWordPrefixes)!,
    near: or(contains, similar)!,
    order: [
      sql`${tier} asc`,
      nearOnly(sql`word_similarity(${normalised}, ${name})`),
      nearOnly(sql`similarity(${normalised}, ${name})`),
    ],
  };
}
