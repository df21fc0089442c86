import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Talking to the publishers' sites: bounded retries with growing pauses, a time limit on every
 * attempt, and downloads that count as done only when every byte the server announced arrived.
 */

export type HttpOptions = {
  /** Tries per request, the first included. */
  attempts: number;
  /** The pause before the second try; each further pause doubles it. */
  backoffMs: number;
  /** The most one try may take, answer and body together. */
  timeoutMs: number;
};

export const defaultHttpOptions: HttpOptions = { attempts: 4, backoffMs: 2_000, timeoutMs: 120_000 };

/**
 * The NHSBSA site answers scripts only when they look like a browser; the product's name is kept in
 * the string so a publisher reading its logs can tell who fetched.
 */
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 TariffScope-fetch";

/** A fetch that failed after its tries, or one that cannot succeed by trying again. */
export class FetchError extends Error {
  constructor(
    readonly url: string,
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/** A problem worth another try: the network, a time-out, a cut-off body or the server's own trouble. */
class Transient extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: Error & { code?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError")
    return `no complete answer within ${timeoutMs / 1000} s`;
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message} (${cause})` : err.message;
}

/**
 * Runs `attempt` with a fresh time limit up to `options.attempts` times while it fails for a reason
 * that may pass (network errors, time-outs, 5xx and 429 answers, a cut-off body).
 */
async function withRetries<T>(
  url: string,
  options: HttpOptions,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let last = "";
  for (let tried = 1; tried <= options.attempts; tried++) {
    if (tried > 1) await pause(options.backoffMs * 2 ** (tried - 2));
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      return await attempt(signal);
    } catch (error) {
      if (error instanceof FetchError) throw error;
      last = error instanceof Transient ? error.message : describe(error, options.timeoutMs);
    }
  }
  const tries = options.attempts === 1 ? "1 try" : `${options.attempts} tries`;
  throw new FetchError(url, `${url}: ${last} (gave up after ${tries})`, options.attempts);
}

async function request(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    signal,
    redirect: "follow",
    headers: { "user-agent": userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
  });
  if (response.ok) return response;
  await response.body?.cancel().catch(() => {});
  const status = `the server answered ${response.status} ${response.statusText}`.trim();
  if (response.status >= 500 || response.status === 429) throw new Transient(status);
  throw new FetchError(url, `${url}: ${status}`, 1);
}

/** A page's text. */
export async function fetchText(url: string, options: HttpOptions): Promise<string> {
  return withRetries(url, options, async (signal) => {
    const response = await request(url, signal);
    const bytes = Buffer.from(await response.arrayBuffer());
    const expected = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(expected) && bytes.length < expected)
      throw new Transient(`the page was cut off after ${bytes.length} of ${expected} bytes`);
    return bytes.toString("utf8");
  });
}

export type Downloaded = { file: string; bytes: number; sha256: string };

/**
 * Downloads `url` to `file`, written first under a temporary name and renamed only once complete:
 * as many bytes as the server announced (Content-Length), and the body ended normally. A download
 * cut short is removed and tried again; `file` never holds part of one.
 */
export async function downloadFile(url: string, file: string, options: HttpOptions): Promise<Downloaded> {
  const partial = `${file}.part`;
  try {
    return await withRetries(url, options, async (signal) => {
      const response = await request(url, signal);
      if (!response.body) throw new Transient("the answer had no body");
      const expected = Number(response.headers.get("content-length") ?? Number.NaN);
      const hash = createHash("sha256");
      let bytes = 0;
      const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
      body.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      try {
        await pipeline(body, fs.createWriteStream(partial), { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Transient(
          `the download was cut off after ${bytes} ${Number.isFinite(expected) ? `of ${expected} ` : ""}bytes`,
        );
      }
      if (Number.isFinite(expected) && bytes !== expected)
        throw new Transient(`the download was cut off after ${bytes} of ${expected} bytes`);
      await fs.promises.rename(partial, file);
      return { file, bytes, sha256: hash.digest("hex") };
    });
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}
