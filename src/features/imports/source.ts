import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import zlib from "node:zlib";

import { BadFileError } from "./errors";

export type FileFormat = "csv" | "xlsx" | "html" | "xml";

export type Sniffed = { format: FileFormat; gzip: boolean };

const sampleBytes = 64 * 1024;

async function readStart(file: string, gzip: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = openBytes(file, gzip);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= sampleBytes) break;
    }
  } catch (error) {
    if (!gzip) throw error;
    // A truncated .gz still shows its beginning; the full read reports the damage with its place.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, sampleBytes);
}

/**
 * The most a file may hold once decompressed. A real Part IX month is about 20 MB of CSV and a full
 * dm+d AMPP member a few hundred MB of XML; anything far beyond is not a tariff file but a
 * decompression bomb, stopped before it fills the disk's worth of memory.
 */
export const maxDecompressedBytes = {
  text: 256 * 1024 * 1024,
  html: 16 * 1024 * 1024,
  dmd: 1024 * 1024 * 1024,
} as const;

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Passes bytes through until `limit`, then fails the stream with a BadFileError naming the file. */
function byteLimit(file: string, limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        callback(
          new BadFileError(path.basename(file), [
            {
              message: `the file holds more than ${megabytes(limit)} once decompressed: too large to be a tariff file`,
            },
          ]),
        );
      } else callback(null, chunk);
    },
  });
}

/**
 * Opens a file's bytes, decompressing `.gz` on the fly (our processed Part IX copies are gzipped),
 * never more than `limit` of them.
 */
function openBytes(file: string, gzip: boolean, limit: number = maxDecompressedBytes.text): Readable {
  const raw = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const limited = byteLimit(file, limit);
  let source: Readable = raw;
  if (gzip) {
    const gunzip = zlib.createGunzip();
    raw.on("error", (error) => gunzip.destroy(error));
    source = raw.pipe(gunzip);
  }
  source.on("error", (error) => limited.destroy(error));
  return source.pipe(limited);
}

/** Decides how to read a file from its first bytes (and its name only where the bytes cannot tell). */
export async function sniffFile(file: string): Promise<Sniffed> {
  const name = path.basename(file);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new BadFileError(name, [{ message: "no such file" }]);
  if (stat.size === 0) throw new BadFileError(name, [{ message: "the file is empty" }]);

  const head = await readStart(file, false);
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const start = gzip ? await readStart(file, true) : head;
  if (start.length === 0) throw new BadFileError(name, [{ message: "the file is empty" }]);
  if (start[0] === 0x50 && start[1] === 0x4b && start[2] === 0x03 && start[3] === 0x04)
    return { format: "xlsx", gzip };
  if (start.includes(0)) {
    throw new BadFileError(name, [
      { message: "this is a binary file; expected a CSV, XLSX, HTML or XML file" },
    ]);
  }
  const text = start
    .toString("latin1")
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  if (text.startsWith("<")) {
    const html = /<!doctype html|<html|<table|<body/.test(text) && !text.startsWith("<?xml");
    return { format: html || /\.html?$/i.test(name) ? "html" : "xml", gzip };
  }
  return { format: "csv", gzip };
}

/** Bytes at the end of `buffer` that start a UTF-8 sequence which continues in the next chunk. */
function incompleteTail(buffer: Buffer): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/**
 * Bytes to text. NHSBSA files are read as latin-1/cp1252 (docs/data-formats.md), but our processed
 * copies and CPE's pages are UTF-8 (`£`). So the text is read as UTF-8 while it is valid UTF-8, and
 * as Windows-1252 from the first byte sequence that is not.
 */
export class TextDecoderStream extends Transform {
  private utf8 = true;
  private carry = Buffer.alloc(0);
  private readonly strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  private readonly windows = new TextDecoder("windows-1252");

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, this.decode(Buffer.concat([this.carry, chunk]), false) || undefined);
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.decode(this.carry, true);
    callback(null, rest || undefined);
  }

  private decode(bytes: Buffer, last: boolean): string {
    if (!this.utf8) {
      this.carry = Buffer.alloc(0);
      return this.windows.decode(bytes, { stream: !last });
    }
    const keep = last ? 0 : incompleteTail(bytes);
    const complete = bytes.subarray(0, bytes.length - keep);
    this.carry = Buffer.from(bytes.subarray(bytes.length - keep));
    try {
      return this.strict.decode(complete, { stream: true });
    } catch {
      this.utf8 = false;
      const carried = this.carry;
      this.carry = Buffer.alloc(0);
      return this.windows.decode(Buffer.concat([complete, carried]), { stream: !last });
    }
  }
}

/** A file's text as a stream of strings, decompressed and decoded, up to `limit` bytes. */
export function openText(file: string, gzip: boolean, limit: number = maxDecompressedBytes.text): Readable {
  const bytes = openBytes(file, gzip, limit);
  const decoder = new TextDecoderStream();
  bytes.on("error", (error) => decoder.destroy(error));
  return bytes.pipe(decoder);
}

/** Reads a whole (small) text file, decompressed and decoded the same way. */
export async function readText(file: string, gzip: boolean, limit: number): Promise<string> {
  let text = "";
  for await (const chunk of openText(file, gzip, limit) as AsyncIterable<string>) text += chunk;
  return text;
}
