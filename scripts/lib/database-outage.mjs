// A page that fails because the database cannot be reached answers 503, like the JSON routes do
// (docs/security.md abuse case 15, ADR 143). Plain JavaScript: scripts/serve.mjs runs outside Next's
// compiler.
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where the app finds the request being served (src/db/client.ts), to say its database was
 * unreachable: a symbol on globalThis, since the app's bundle cannot import this file.
 */
const outageStoreKey = Symbol.for("tariffscope.requestOutage");

/** @type {AsyncLocalStorage<{ databaseUnavailable: boolean }>} */
const requests = new AsyncLocalStorage();
globalThis[outageStoreKey] = requests;

/**
 * Serves one request through `handle`; if the database was found unreachable while serving it, an
 * error answer (500: Next.js's error page) goes out as 503 with a `Retry-After`, which tells the
 * user, a load balancer and a monitor that this is an outage to wait out, not a fault of the page.
 * @param {import("node:http").ServerResponse} response
 * @param {() => unknown} handle
 */
export function serveNotingOutages(response, handle) {
  const state = { databaseUnavailable: false };
  const writeHead = response.writeHead;
  response.writeHead = function (status, ...rest) {
    if (status === 500 && state.databaseUnavailable) {
      this.setHeader("retry-after", "30");
      return writeHead.call(this, 503, ...(typeof rest[0] === "string" ? rest.slice(1) : rest));
    }
    return writeHead.call(this, status, ...rest);
  };
  return requests.run(state, handle);
}
