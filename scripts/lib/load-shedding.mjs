// A web process short of heap sheds load instead of dying of it (ADR 186): while the heap still
// in use after a full collection is near the process's limit, the requests that render or build
// something are answered 503 with a Retry-After, and the log says so, once as it starts and once as
// it ends. Plain JavaScript: scripts/serve.mjs runs outside Next's compiler.
import { PerformanceObserver, constants } from "node:perf_hooks";
import v8 from "node:v8";

/** The share of the heap limit that, in use after a full collection and still now, makes a process shed load. */
export const pressureShare = 0.75;

/** Seconds a shed request is asked to wait: a collection, or the requests in flight finishing, frees the heap. */
export const retryAfterSeconds = 5;

/** Public files by their extension (robots.txt, the favicon, fonts, the help videos, the policy PDF). */
const publicFile = /\.(?:txt|ico|png|svg|jpe?g|webp|webmanifest|woff2?|pdf|mp4|webm|vtt)$/i;

/**
 * Whether a request renders or builds something (a page, a rows answer, a search, an upload): what
 * is shed. Static files, the health check, sign-in and sign-out and the payment webhook cost little
 * and are always answered.
 * @param {string} url the request's path and query
 */
export function isExpensive(url) {
  const path = url.split("?")[0] ?? "";
  if (path.startsWith("/_next/static/")) return false;
  if (path === "/api/health" || path.startsWith("/api/auth/") || path === "/api/webhooks/stripe")
    return false;
  return path.startsWith("/api/") || !publicFile.test(path);
}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/**
 * Where the heap's bytes in use are, by V8's spaces of a megabyte or more, largest first: "old 112
 * MB, code 14 MB, large object 20 MB". What an operator needs to tell held data (old, large object)
 * from loaded code (code) when a process sheds.
 */
export function heapSpaces() {
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_used_size >= 1024 * 1024)
    .sort((a, b) => b.space_used_size - a.space_used_size)
    .map(
      (space) =>
        `${space.space_name.replace(/_space$/, "").replaceAll("_", " ")} ${mb(space.space_used_size)} MB`,
    )
    .join(", ");
}

/**
 * Watches this process's heap: after each full collection (mark-compact) it notes what is still in
 * use. `sheds(url)` says whether to answer a request 503: an expensive one while both that and the
 * heap in use now are over `share` of the limit. What is in use now only ever counts more than what
 * lives, so the shedding ends as soon as a collection brings it down, even one that is not full.
 *
 * A full collection's finding holds for `holdMs` (one second). A process answering only 503s
 * allocates too little for V8 to collect its old garbage, so the last finding would stand for
 * ever and the process would shed long after the work that filled its heap (a month's rows being
 * built) had ended. A heap still near its limit is collected again within the second, and the
 * shedding goes on; otherwise the process serves again and its requests lead to the next finding.
 * @param {{ share?: number, holdMs?: number, now?: () => number, log?: (message: string) => void, heap?: () => v8.HeapInfo }} [options]
 */
export function heapGuard(options = {}) {
  const share = options.share ?? pressureShare;
  const log = options.log ?? ((message) => console.warn(message));
  const heap = options.heap ?? (() => v8.getHeapStatistics());
  const holdMs = options.holdMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  let afterCollection = 0;
  let spacesAfterCollection = "";
  let collectedAt = Number.NEGATIVE_INFINITY;
  let shedding = false;
  let shed = 0;
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries())
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        const { used_heap_size: used, heap_size_limit: limit } = heap();
        afterCollection = used;
        collectedAt = now();
        if (used > share * limit) spacesAfterCollection = heapSpaces();
      }
  });
  observer.observe({ entryTypes: ["gc"] });

  return {
    /** @param {string} url */
    sheds(url) {
      if (!isExpensive(url)) return false;
      const { used_heap_size: used, heap_size_limit: limit } = heap();
      const pressed =
        afterCollection > share * limit && used > share * limit && now() - collectedAt <= holdMs;
      if (pressed && !shedding) {
        shed = 0;
        log(
          `Heap near its limit: ${mb(afterCollection)} of ${mb(limit)} MB in use after a full collection ` +
            `(${spacesAfterCollection}). Answering pages and data requests 503 ` +
            `(Retry-After: ${retryAfterSeconds}) until it falls.`,
        );
      } else if (!pressed && shedding) {
        const why =
          used > share * limit
            ? `No full collection has found the heap near its limit for ${holdMs / 1000} s`
            : `Heap down to ${mb(used)} of ${mb(limit)} MB`;
        log(`${why}: serving again (${shed} requests answered 503).`);
      }
      shedding = pressed;
      if (pressed) shed += 1;
      return pressed;
    },
    stop() {
      observer.disconnect();
    },
  };
}

/**
 * Answers a shed request: 503 with `Retry-After`, in the app's JSON error shape for an API route
 * (`unavailable`, as lib/errors.ts words it) and as a short page for a page.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 */
export function answerShed(request, response) {
  const message = "The service is busy. Please try again in a few seconds.";
  const api = (request.url ?? "").startsWith("/api/");
  response.writeHead(503, {
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
  });
  response.end(
    api
      ? JSON.stringify({ error: { code: "unavailable", message } })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy: TariffScope</title></head><body><main><h1>Busy</h1><p>${message}</p></main></body></html>`,
  );
}
