import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

import { site } from "@/lib/site";

import { AddressRefused, checkedLookup, refusalOf, type Reach } from "./reach";

/**
 * Talking to the publishers' sites (ADR 080, ADR 170): only where the source may go (`reach.ts`),
 * redirects followed one at a time and each checked again, every page and file cut off at its
 * source's size limit as its bytes arrive, bounded retries with growing pauses for what may pass,
 * a time limit on every try and on the whole fetch, and downloads that count as done only when
 * every byte the server announced arrived.
 */

export type HttpOptions = {
  /** Tries per request, the first included. */
  attempts: number;
  /** The pause before the second try; each further pause doubles it. */
  backoffMs: number;
  /** The most one try may take, answer and body together. */
  timeoutMs: number;
  /** The most one fetch may take, every try and pause together. */
  totalMs: number;
  /** When the whole pass must be done by (epoch milliseconds): no fetch runs past it. */
  deadline?: number;
};

export const defaultHttpOptions: HttpOptions = {
  attempts: 4,
  backoffMs: 2_000,
  timeoutMs: 120_000,
  totalMs: 300_000,
};

/** Redirects followed for one request; NHSBSA's and TRUD's downloads take one or two. */
const maxRedirects = 5;

/**
 * The NHSBSA site answers scripts only when they look like a browser; the product's name and a
 * contact address are kept in the string so a publisher reading its logs can tell who fetched and
 * write to them (ADR 205).
 */
export const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 " +
  `TariffScope-fetch (+mailto:${site.supportEmail})`;

/**
 * A fetch that failed after its tries, or one that cannot succeed by trying again. `refused` when
 * the fetch was not allowed at all (a host, an address, a size), as opposed to failing.
 */
export class FetchError extends Error {
  constructor(
    readonly url: string,
    message: string,
    readonly attempts: number,
    readonly refused = false,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/** A problem worth another try: the network, a time-out, a cut-off body or the server's own trouble. */
class Transient extends Error {}

/** What the fetch may not do, found part-way: never worth another try. */
class Refusal extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function describe(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: Error & { code?: string }; code?: string };
  if (err.name === "TimeoutError" || err.name === "AbortError")
    return `no complete answer within ${seconds(timeoutMs)}`;
  const cause = err.cause?.code ?? err.cause?.message ?? err.code;
  return cause && cause !== err.message ? `${err.message} (${cause})` : err.message;
}

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;

const limitOf = (reach: Reach) => `${megabytes(reach.maxBytes)} limit (${reach.limitSetting})`;

/**
 * Runs `attempt` with a fresh time limit while it fails for a reason that may pass (network errors,
 * time-outs, 5xx and 429 answers, a cut-off body), up to `options.attempts` times and
 * `options.totalMs` in all. A refusal ends it at once.
 */
async function withRetries<T>(
  url: string,
  options: HttpOptions,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const started = Date.now();
  const passEnds = options.deadline !== undefined && options.deadline < started + options.totalMs;
  const deadline = passEnds ? options.deadline! : started + options.totalMs;
  let last = "";
  let tried = 0;
  let outOfTime = false;
  while (tried < options.attempts) {
    if (tried > 0) {
      const wait = options.backoffMs * 2 ** (tried - 1);
      if (Date.now() + wait >= deadline) {
        outOfTime = true;
        break;
      }
      await pause(wait);
    }
    const timeoutMs = Math.min(options.timeoutMs, deadline - Date.now());
    if (timeoutMs <= 0) {
      outOfTime = true;
      break;
    }
    tried += 1;
    try {
      return await attempt(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (error instanceof Refusal || error instanceof AddressRefused)
        throw new FetchError(url, `${url}: refused: ${error.message}`, tried, true);
      last = error instanceof Transient ? error.message : describe(error, timeoutMs);
      if (Date.now() >= deadline) outOfTime = tried < options.attempts;
    }
  }
  if (tried === 0) throw new FetchError(url, `${url}: not fetched: the pass reached its time limit`, 0);
  const tries = tried === 1 ? "1 try" : `${tried} tries`;
  const limit = !outOfTime
    ? ""
    : passEnds
      ? ", when the pass reached its time limit"
      : `, at the ${seconds(options.totalMs)} limit of one fetch`;
  throw new FetchError(url, `${url}: ${last} (gave up after ${tries}${limit})`, tried);
}

/** One GET, connected only to addresses `reach` allows (the lookup checks what a name resolves to). */
function get(
  url: URL,
  reach: Reach,
  signal: AbortSignal,
  conditions: Record<string, string>,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "GET",
        agent: false,
        lookup: checkedLookup(reach),
        signal,
        headers: {
          "user-agent": userAgent,
          accept: "text/html,application/xhtml+xml,*/*;q=0.8",
          "accept-encoding": "gzip, deflate, br",
          ...conditions,
        },
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

const redirects = new Set([301, 302, 303, 307, 308]);

/**
 * The answer to `url`, after any redirects, each one checked against the source's hosts and the
 * address rules before it is followed. A 5xx or 429 is worth another try; any other failure is not.
 */
async function open(
  url: string,
  allowedHosts: readonly string[],
  reach: Reach,
  signal: AbortSignal,
  conditions: Record<string, string> = {},
): Promise<http.IncomingMessage> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const refusal = refusalOf(current, allowedHosts, reach);
    if (refusal) throw new Refusal(hop === 0 ? refusal : `redirected to ${current.href}, and ${refusal}`);
    const response = await get(current, reach, signal, conditions);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (redirects.has(status) && location) {
      response.destroy();
      if (hop === maxRedirects) throw new Refusal(`more than ${maxRedirects} redirects`);
      if (!URL.canParse(location, current)) throw new Refusal(`redirected to "${location}", not an address`);
      current = new URL(location, current);
      continue;
    }
    if (status >= 200 && status < 300) return response;
    if (status === 304 && Object.keys(conditions).length > 0) return response;
    response.destroy();
    const answered = `the server answered ${status} ${response.statusMessage ?? ""}`.trim();
    if (status >= 500 || status === 429) throw new Transient(answered);
    throw new FetchError(url, `${url}: ${answered}`, 1);
  }
}

const decoders: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** A stream stage that passes chunks on and tells `each` about them (or refuses them by throwing). */
function watch(each: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        each(chunk);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/**
 * The body of an answer as it arrives: counted as received, decoded, cut off with a refusal past
 * the limit (which abandons the transfer: the pipeline destroys the socket), and checked to be as
 * long as the server announced.
 */
function bodyOf(response: http.IncomingMessage, reach: Reach) {
  const encoding = (response.headers["content-encoding"] ?? "identity").toLowerCase();
  const announced = Number(response.headers["content-length"] ?? Number.NaN);
  if (encoding !== "identity" && !decoders[encoding]) {
    response.destroy();
    throw new Refusal(`the answer is encoded as ${encoding}, which is not read`);
  }
  if (encoding === "identity" && announced > reach.maxBytes) {
    response.destroy();
    throw new Refusal(`${announced} bytes announced, over the ${limitOf(reach)}`);
  }
  let received = 0;
  let bytes = 0;
  const stages: NodeJS.ReadWriteStream[] = [
    watch((chunk) => {
      received += chunk.length;
    }),
  ];
  if (encoding !== "identity") stages.push(decoders[encoding]!());
  stages.push(
    watch((chunk) => {
      bytes += chunk.length;
      if (bytes > reach.maxBytes) throw new Refusal(`larger than the ${limitOf(reach)}`);
    }),
  );
  const cutOff = () =>
    `cut off after ${received} ${Number.isFinite(announced) ? `of ${announced} ` : ""}bytes`;
  return {
    /**
     * Pipes the body through its stages and then `tail` (ending in where it goes), and rethrows a
     * failure as what it is: a refusal, the time limit, or a body cut off.
     */
    async into(
      tail: (NodeJS.ReadWriteStream | NodeJS.WritableStream)[],
      signal: AbortSignal,
      what: string,
    ): Promise<number> {
      try {
        await pipeline([response, ...stages, ...tail], { signal });
      } catch (error) {
        if (error instanceof Refusal || signal.aborted) throw error;
        throw new Transient(`the ${what} was ${cutOff()}`);
      }
      if (Number.isFinite(announced) && received !== announced)
        throw new Transient(`the ${what} was ${cutOff()}`);
      return bytes;
    },
  };
}

/** A page's text, from one of `allowedHosts`, no larger than the source's limit. */
export async function fetchText(
  url: string,
  allowedHosts: readonly string[],
  reach: Reach,
  options: HttpOptions,
): Promise<string> {
  return withRetries(url, options, async (signal) => {
    const body = bodyOf(await open(url, allowedHosts, reach, signal), reach);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    await body.into([sink], signal, "page");
    return Buffer.concat(chunks).toString("utf8");
  });
}

export type Downloaded = { file: string; bytes: number; sha256: string };

/**
 * Downloads `url` (from one of `allowedHosts`) to `file`, written first under a temporary name and
 * renamed only once complete: no larger than the source's limit, as many bytes as the server
 * announced (Content-Length), and the body ended normally. A download cut short is removed and
 * tried again; one past the limit is abandoned at the limit and refused. `file` never holds part of one.
 */
export async function downloadFile(
  url: string,
  file: string,
  allowedHosts: readonly string[],
  reach: Reach,
  options: HttpOptions,
): Promise<Downloaded> {
  const partial = `${file}.part`;
  try {
    return await withRetries(url, options, async (signal) => {
      const body = bodyOf(await open(url, allowedHosts, reach, signal), reach);
      const hash = createHash("sha256");
      const bytes = await body.into(
        [watch((chunk) => hash.update(chunk)), fs.createWriteStream(partial)],
        signal,
        "download",
      );
      await fs.promises.rename(partial, file);
      return { file, bytes, sha256: hash.digest("hex") };
    });
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}

/** What a page's last answer said, for a conditional request (ADR 205). */
export type Validators = { etag: string | null; lastModified: string | null };

export type PageAnswer =
  | { changed: false; validators: Validators }
  | { changed: true; body: Buffer; sha256: string; validators: Validators };

const header = (response: http.IncomingMessage, name: string) => {
  const value = response.headers[name];
  return typeof value === "string" && value.length <= 512 ? value : null;
};

/**
 * A page fetched only if it changed since `known`: asked with If-None-Match and If-Modified-Since,
 * a 304 answer costs no body. Within the same hosts, addresses, redirects, size and time limits as
 * every other fetch (ADR 170); its body is hashed as it arrives.
 */
export async function fetchIfChanged(
  url: string,
  allowedHosts: readonly string[],
  reach: Reach,
  options: HttpOptions,
  known: Validators,
): Promise<PageAnswer> {
  const conditions: Record<string, string> = {};
  if (known.etag) conditions["if-none-match"] = known.etag;
  if (known.lastModified) conditions["if-modified-since"] = known.lastModified;
  return withRetries(url, options, async (signal) => {
    const response = await open(url, allowedHosts, reach, signal, conditions);
    const validators = {
      etag: header(response, "etag") ?? known.etag,
      lastModified: header(response, "last-modified") ?? known.lastModified,
    };
    if (response.statusCode === 304) {
      response.resume();
      return { changed: false, validators };
    }
    const body = bodyOf(response, reach);
    const chunks: Buffer[] = [];
    const hash = createHash("sha256");
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        hash.update(chunk);
        callback();
      },
    });
    await body.into([sink], signal, "page");
    return { changed: true, body: Buffer.concat(chunks), sha256: hash.digest("hex"), validators };
  });
}
