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

/** autocannon's requests for a load whose nth request (from 0, across connections) asks `pick(n)`. */
export function requestsPicking(
  pick: (index: number) => { path: string; cookie?: string },
): autocannon.Request[] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const { path, cookie } = pick(next++);
        return { ...request, path, headers: cookie ? { ...request.headers, cookie } : request.headers };
      },
    },
  ];
}
