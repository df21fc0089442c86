/**
 * SQLSTATEs of a database that is gone or going: connection exceptions (class 08), and the server
 * shutting down, crashed or still starting (57P01–57P03).
 */
const unavailableStates = /^(08...|57P0[123])$/;
/** Node's socket errors when the database's address answers nothing, or stops answering. */
const unreachableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);

/**
 * node-postgres's messages for a connection lost part-way (they carry no code), also when a rollback
 * is then tried on it.
 */
const lostConnection = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

/**
 * Whether a failure means the database cannot be reached right now (stopped, restarting or cut off),
 * rather than a bug: such a request is answered 503 like any other outage (docs/security.md abuse
 * case 15). Drizzle wraps the driver's error as `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (unavailableStates.test(code) || unreachableCodes.has(code))) return true;
    if (typeof message === "string" && lostConnection.test(message)) return true;
    current = cause;
  }
  return false;
}
