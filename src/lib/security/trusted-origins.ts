import { isLoopbackHost, isOperatorDatabase, loopbackHosts, type Env } from "../env";

/**
 * The origins our pages are served from, and so the only ones whose requests Better Auth and our own
 * route handlers accept (R13). On the embedded default with a loopback APP_URL (a local `npm start`) the
 * same server also answers at its other loopback names, the address a newcomer may type; on a database
 * the operator names, only APP_URL. ADR 031.
 */
export function trustedOrigins(env: Env): string[] {
  const app = new URL(env.APP_URL);
  if (isOperatorDatabase(env) || !isLoopbackHost(app.hostname)) return [app.origin];
  return loopbackHosts.map((host) => {
    const alias = new URL(app.origin);
    alias.hostname = host;
    return alias.origin;
  });
}
