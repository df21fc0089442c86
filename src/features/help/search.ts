/** What the help centre's filter box searches: an article's title, summary and plain text. */
export type SearchableArticle = { title: string; description: string; text: string };

function normalise(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, " ")
    .trim();
}

/**
 * Whether an article answers the filter: every word typed appears somewhere in it, in any order,
 * ignoring capitals, accents and punctuation. An empty filter matches every article.
 */
export function articleMatches(article: SearchableArticle, filter: string): boolean {
  const words = normalise(filter).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = ` ${normalise(`${article.title} ${article.description} ${article.text}`)}`;
  return words.every((word) => haystack.includes(word));
}

/** The article's MDX as plain words: its metadata, markup and link targets left out. */
export function mdxToPlainText(source: string): string {
  return source
    .replace(/^export const metadata = \{[\s\S]*?\n\};?\n/m, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
