import { Parser } from "htmlparser2";

/**
 * Streams XML text through htmlparser2 (forgiving, entities decoded) without letting one token grow
 * without bound. The parser keeps a tag, comment or CDATA section whole until it ends, so a single
 * 200 MB attribute or comment would be held whole; text, which it hands over a chunk at a time, the
 * handlers bound themselves. Here every chunk is at most `chunkChars`, and once the input has run more
 * than `maxTokenChars` past the parser's last event, `tooLong()` is thrown.
 */

export type XmlHandlers = {
  /** An element opens; its name without a namespace prefix (`x:row` → `row`). */
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

const chunkChars = 64 * 1024;
/** Far longer than any tag of a workbook or a dm+d file (a worksheet's opening tag is under 1,000). */
const maxTokenChars = 256 * 1024;

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Parses the text of `chunks`, calling `handlers` as it goes, and after each chunk yields what the
 * handlers put in `out` meanwhile (rows, say), so a caller can hand them on as the file is read.
 */
export async function* parseXml<T>(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  options: { tooLong: () => Error; out?: T[] },
): AsyncGenerator<T> {
  const out = options.out ?? [];
  const parser = new Parser(
    {
      onopentag: (name, attributes) => handlers.open?.(localName(name), attributes),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(localName(name)),
    },
    { xmlMode: true, decodeEntities: true },
  );
  let written = 0;
  for await (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += chunkChars) {
      const piece = chunk.slice(at, at + chunkChars);
      parser.write(piece);
      written += piece.length;
      // `endIndex` is where the parser's last event ended: all after it is a token it still holds.
      if (written - (parser.endIndex + 1) > maxTokenChars) throw options.tooLong();
    }
    yield* out.splice(0);
  }
  parser.end();
  yield* out.splice(0);
}

/** Parses all of `chunks` for what the handlers gather themselves. */
export async function parseWholeXml(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  options: { tooLong: () => Error },
): Promise<void> {
  for await (const _nothing of parseXml<never>(chunks, handlers, options));
}
