/**
 * How alike two names are, as pg_trgm measures it (`similarity`): the trigrams they share over all
 * the trigrams of either, each word padded as pg_trgm pads it. Held in memory for one list's month
 * of names, so that thousands of names are looked up at the cost of a few array walks each, not of
 * a database search each (ADR 165).
 */

/** The distinct trigrams of a text's words: `"  w"`, `" wo"`, …, `"rd "`, as pg_trgm makes them. */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) grams.add(padded.slice(at, at + 3));
  }
  return grams;
}

/** `similarity(a, b)` of pg_trgm: 0 (nothing shared) to 1 (the same trigrams). */
export function similarity(a: string, b: string): number {
  const left = trigramsOf(a);
  const right = trigramsOf(b);
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared++;
  const all = left.size + right.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** pg_trgm's default for `%`: names less alike than this are not near. */
export const similarityThreshold = 0.3;

/**
 * A list of names, indexed by trigram, answering the names nearest a term: each name sharing a
 * trigram with it is counted once per shared trigram, so a term costs the length of its trigrams'
 * postings, whatever the number of names.
 */
export class NameIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: Uint16Array;
  /** Shared trigrams per name for the term being looked up, and the names it touched. */
  private readonly shared: Uint16Array;

  constructor(private readonly names: readonly string[]) {
    this.sizes = new Uint16Array(names.length);
    this.shared = new Uint16Array(names.length);
    names.forEach((name, id) => {
      const grams = trigramsOf(name);
      this.sizes[id] = grams.size;
      for (const gram of grams) {
        const list = this.postings.get(gram);
        if (list) list.push(id);
        else this.postings.set(gram, [id]);
      }
    });
  }

  /** The `limit` names most like `term`, at least `threshold` alike, the most alike first (then by name). */
  nearest(term: string, limit = 3, threshold = similarityThreshold): { name: string; similarity: number }[] {
    const grams = trigramsOf(term);
    const touched: number[] = [];
    for (const gram of grams)
      for (const id of this.postings.get(gram) ?? []) {
        if (this.shared[id] === 0) touched.push(id);
        this.shared[id]! += 1;
      }
    // The best `limit` kept in order as they come: a full sort of every name alike enough costs more.
    const best: { name: string; similarity: number }[] = [];
    const before = (a: { name: string; similarity: number }, b: { name: string; similarity: number }) =>
      a.similarity > b.similarity || (a.similarity === b.similarity && a.name < b.name);
    for (const id of touched) {
      const count = this.shared[id]!;
      this.shared[id] = 0;
      const alike = count / (grams.size + this.sizes[id]! - count);
      if (alike < threshold) continue;
      const found = { name: this.names[id]!, similarity: alike };
      if (best.length === limit && !before(found, best.at(-1)!)) continue;
      let at = best.length;
      while (at > 0 && before(found, best[at - 1]!)) at--;
      best.splice(at, 0, found);
      if (best.length > limit) best.pop();
    }
    return best;
  }
}
