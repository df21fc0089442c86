import pino, { type DestinationStream, type Logger } from "pino";

let logger: Logger | undefined;

const redact = {
  // Never log secrets, one-time codes or billing portal links (docs/security.md R21).
  paths: [
    "password",
    "*.password",
    "otp",
    "*.otp",
    "token",
    "*.token",
    "portalUrl",
    "*.portalUrl",
    "headers.cookie",
  ],
  censor: "[redacted]",
};

/** The first line of a stack ("Name: message"), up to where the frames start. */
const stackHead = /^[\s\S]*?(?=\n\s+at )/;

/**
 * An error as it may be logged: without the values of a failed query (R21). Drizzle's error puts a
 * query's parameters (a session token, an e-mail address) in its message, its stack and a `params`
 * field; PostgreSQL's puts the offending values in `detail` ("Key (token)=(…) already exists"). The
 * query text, the error's class and code and its causes say what went wrong without them.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const hasParams = "params" in error && "query" in error;
  const message = hasParams ? `Failed query: ${String(error.query)}` : error.message;
  // Of the same class, so the log names it (DrizzleQueryError), with its own fields but those two.
  const clean = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const [key, value] of Object.entries(error))
    if (key !== "params" && key !== "detail") Object.assign(clean, { [key]: value });
  Object.assign(clean, {
    message,
    cause: withoutQueryValues(error.cause),
    stack: error.stack?.replace(stackHead, `${error.name}: ${message}`),
  });
  return clean;
}

const serializers = { err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error) };

/** A logger writing to `destination` (standard output by default), at LOG_LEVEL. */
export function createLogger(destination?: DestinationStream): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
  const options = { level, redact, base: { app: "tariffscope" }, serializers };
  return destination ? pino(options, destination) : pino(options);
}

export function getLogger(): Logger {
  logger ??= createLogger();
  return logger;
}
