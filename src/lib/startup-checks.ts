import { deploymentProblems, EnvError, getEnv, type Env } from "./env";

/** Set by scripts/serve.mjs, the server that resolves each request's client address (ADR 004). */
const servedThroughOurServer = Symbol.for("tariffscope.server");

/**
 * What the web server checks as it starts (`npm start` makes the same checks before it even builds):
 * every variable valid, a real deployment complete (its auth secret, its payment settings), and the
 * app served through scripts/serve.mjs — any other server (`next start`) would pass on a client's own
 * `x-tariffscope-client-ip` header, and with it a fresh rate limit for every request.
 */
export function assertServable(
  env: Env = getEnv(),
  global: Record<symbol, unknown> = globalThis as unknown as Record<symbol, unknown>,
): void {
  const problems = deploymentProblems(env);
  if (problems.length > 0) throw new EnvError(problems);
  if (env.NODE_ENV === "production" && global[servedThroughOurServer] !== true) {
    throw new Error(
      "TariffScope must be served by `npm start` (scripts/serve.mjs), not `next start`: only that server " +
        "works out each request's client address from the connection, which the rate limits rely on.",
    );
  }
}

/**
 * A process that could not serve safely stops as it starts, with a clear message, instead of failing
 * (or worse, not failing) at a request. Next.js only logs an error thrown while it starts and serves
 * on, so the process exits itself.
 */
export function stopUnlessServable(): void {
  try {
    assertServable();
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(2);
  }
}
