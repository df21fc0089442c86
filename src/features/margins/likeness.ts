/**
 * How alike two names are, as pg_trgm measures it (`similarity`): the trigrams they share over all
 * the trigrams of either, each word padded as pg_trgm pads it. Held in memory for one list's month
 * of names, so that thousands of names are looked up at the cost of a few array walks each, not of
 * a database search each (ADR 165).
 */

/**
 * A trigram as a small integer, ten bits a character, so that none is made as a string and maps key
 * it cheaply. The names compared are lower-case ASCII once `productKey` has written them; a rarer
 * character is folded into the top of the range, where it can only make two names look more alike.
 */
const fold = (unit: number) => (unit < 1000 ? unit : 1000 + (unit % 24));
const codeOf = (a: number, b: number, c: number) => (fold(a) << 20) | (fold(b) << 10) | fold(c);
const space = 32;

/** The distinct trigrams of a text's words, as pg_trgm makes them (`"  w"`, `" wo"`, …, `"rd "`). */
function trigramCodes(text: string): Set<number> {
  const codes = new Set<number>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    let before = space;
    let last = space;
    for (let at = 0; at < word.length; at++) {
      const unit = word.charCodeAt(at);
      codes.add(codeOf(before, last, unit));
      before = last;
      last = unit;
    }
    codes.add(codeOf(before, last, space));
  }
  return codes;
}

/** The distinct trigrams of a text's words, written out (`"  c"`, `" ca"`, `"cat"`, `"at "`) for ASCII text. */
export function trigramsOf(text: string): string[] {
  return [...trigramCodes(text)].map((code) =>
    String.fromCharCode(code >> 20, (code >> 10) & 1023, code & 1023),
  );
}

/** `similarity(a, b)` of pg_trgm: 0 (nothing shared) to 1 (the same trigrams). */
export function similarity(a: string, b: string): number {
  const left = trigramCodes(a);
  const right = trigramCodes(b);
  let shared = 0;
  for (const code of left) if (right.has(code)) shared++;
  const all = left.size + right.size - shared;
  return all === 0 ? 0 : shared / all;
}

/**
 * Names less alike than this are not near. Above pg_trgm's 0.3: two different medicines of the same
 * strength and form ("Zentravix 20mg tablets", "Amlodipine 20mg tablets") share about 0.4 by their
 * strength and form alone; a name with a letter or two wrong shares 0.6 to 0.9.
 */
export const similarityThreshold = 0.5;

/** Whether a sorted list of ids holds `id`. */
function holds(ids: number[], id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ids[middle] === id) return true;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** A list of names, indexed by trigram, answering the names nearest a term. */
export class NameIndex {
  /** Each trigram's names, by id, ascending. */
  private readonly postings = new Map<number, number[]>();
  private readonly sizes: Uint16Array;
  /** Shared trigrams per name for the term being looked up. */
  private readonly shared: Uint16Array;

  constructor(private readonly names: readonly string[]) {
    this.sizes = new Uint16Array(names.length);
    this.shared = new Uint16Array(names.length);
    names.forEach((name, id) => {
      const codes = trigramCodes(name);
      this.sizes[id] = codes.size;
      for (const code of codes) {
        const list = this.postings.get(code);
        if (list) list.push(id);
        else this.postings.set(code, [id]);
      }
    });
  }

  /**
   * The `limit` names most like `term`, at least `threshold` alike, the most alike first (then by
   * name). A name that alike shares at least `threshold` of the term's trigrams, so it holds one of
   * the term's rarest trigrams but that many less one: only those are walked, and the commoner ones
   * (`tablets`' in a list of medicines) are then looked up for the names found alone.
   */
  nearest(term: string, limit = 3, threshold = similarityThreshold): { name: string; similarity: number }[] {
    const lists = [...trigramCodes(term)]
      .map((code) => this.postings.get(code) ?? [])
      .sort((a, b) => a.length - b.length);
    const walked = lists.length - Math.max(1, Math.ceil(threshold * lists.length)) + 1;
    const touched: number[] = [];
    for (const ids of lists.slice(0, walked))
      for (const id of ids) {
        if (this.shared[id] === 0) touched.push(id);
        this.shared[id]! += 1;
      }
    // Each commoner trigram: looked up for the names found, or its list walked, whichever is shorter.
    for (const ids of lists.slice(walked)) {
      if (touched.length * Math.log2(ids.length + 1) < ids.length) {
        for (const id of touched) if (holds(ids, id)) this.shared[id]! += 1;
      } else for (const id of ids) if (this.shared[id]! > 0) this.shared[id]! += 1;
    }
    // The best `limit` kept in order as they come: a full sort of every name alike enough costs more.
    const best: { name: string; similarity: number }[] = [];
    const before = (a: { name: string; similarity: number }, b: { name: string; similarity: number }) =>
      a.similarity > b.similarity || (a.similarity === b.similarity && a.name < b.name);
    for (const id of touched) {
      const count = this.shared[id]!;
      this.shared[id] = 0;
      const alike = count / (lists.length + this.sizes[id]! - count);
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
