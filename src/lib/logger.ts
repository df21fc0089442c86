import pino, { type Logger } from "pino";

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

export function getLogger(): Logger {
  if (!logger) {
    const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
    logger = pino({ level, redact, base: { app: "tariffscope" } });
  }
  return logger;
}
