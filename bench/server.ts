import type autocannon from "autocannon";
import pg from "pg";

export { startProduct, type RunningProduct } from "../scripts/lib/product-server";

/** What the benchmarks share: a database on the server, and the product served from it. */

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Each path's response times, in ms, as `requestsPicking` saw them; `unanswered` counts the timeouts. */
export type PathTimes = Map<string, { times: number[]; unanswered: number }>;

/**
 * autocannon's requests for a load whose nth request (from 0, across connections) asks `pick(n)`.
 * With `times`, each path's response times are kept there too: a connection has one request in
 * flight, so its context holds that request's path and start (a request that never got an answer
 * is counted when its connection asks the next).
 */
export function requestsPicking(
  pick: (index: number) => { path: string; cookie?: string },
  times?: PathTimes,
): autocannon.Request[] {
  let next = 0;
  type InFlight = { path?: string; started?: number };
  const of = (path: string) => {
    let entry = times!.get(path);
    if (!entry) times!.set(path, (entry = { times: [], unanswered: 0 }));
    return entry;
  };
  return [
    {
      setupRequest: (request, context) => {
        const { path, cookie } = pick(next++);
        if (times) {
          const inFlight = context as InFlight;
          if (inFlight.path !== undefined) of(inFlight.path).unanswered++;
          inFlight.path = path;
          inFlight.started = performance.now();
        }
        return { ...request, path, headers: cookie ? { ...request.headers, cookie } : request.headers };
      },
      onResponse: (_status, _body, context) => {
        const inFlight = context as InFlight;
        if (!times || inFlight.path === undefined) return;
        of(inFlight.path).times.push(performance.now() - inFlight.started!);
        inFlight.path = undefined;
      },
    },
  ];
}

/** The requests of an autocannon run that failed: autocannon's `errors` already counts its `timeouts`. */
export function failedRequests(result: autocannon.Result): number {
  return result.errors + result.non2xx;
}

/** The `count` paths with the slowest answers (by p99, then the most unanswered), for a table. */
export function slowestPaths(times: PathTimes, count: number) {
  const at = (sorted: number[], fraction: number) =>
    sorted.length
      ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!)
      : NaN;
  return [...times]
    .map(([path, { times: taken, unanswered }]) => {
      const sorted = taken.toSorted((a, b) => a - b);
      return {
        path: path.length > 60 ? `${path.slice(0, 57)}…` : path,
        answers: sorted.length,
        "p50 ms": at(sorted, 0.5),
        "p99 ms": at(sorted, 0.99),
        "max ms": at(sorted, 1),
        unanswered,
      };
    })
    .sort((a, b) => b.unanswered - a.unanswered || b["p99 ms"] - a["p99 ms"])
    .slice(0, count);
}
