import "server-only";

import { z } from "zod";

import { getEnv, isOperatorDatabase } from "@/lib/env";

/**
 * The e-mail settings, read from `process.env` on every call rather than at import: `next build`
 * imports these modules, and tests switch transports by changing the environment.
 * (`lib/env.ts` validates the same variables at start-up.)
 */

export const defaultMailFrom = "TariffScope <no-reply@tariffscope.co.uk>";

/** The SMTP server to deliver through, e.g. `smtp://user:pass@host:587`; unset means the dev outbox. */
export function smtpUrl(): string | undefined {
  return process.env.SMTP_URL?.trim() || undefined;
}

export function isOutboxTransport(): boolean {
  return smtpUrl() === undefined;
}

/**
 * Whether `/dev/mailbox` and its API may be served. They show sign-in codes and reset links to anyone
 * who can reach them, so besides needing the outbox transport they stay closed on an operator's
 * database (a deployment that forgot SMTP_URL, whatever NODE_ENV says) unless DEV_MAILBOX=1 says
 * otherwise; DEV_MAILBOX=0 always closes them. (The embedded default listens on loopback only.)
 */
export function isMailboxEnabled(): boolean {
  if (!isOutboxTransport()) return false;
  const flag = process.env.DEV_MAILBOX?.trim();
  if (flag === "1" || flag === "0") return flag === "1";
  return !isOperatorDatabase({
    DATABASE_URL: process.env.DATABASE_URL,
    EMBEDDED_DATABASE: process.env.EMBEDDED_DATABASE === "1" ? "1" : undefined,
  });
}

export type Mailbox = { name: string; address: string };

const address = z.email();

/** `MAIL_FROM`, either `Name <address>` or a bare address. */
export function mailFrom(): Mailbox {
  const raw = process.env.MAIL_FROM?.trim() || defaultMailFrom;
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(raw);
  const parsed = match
    ? { name: match[1]!.trim().replace(/^"(.*)"$/, "$1"), address: match[2]!.trim() }
    : { name: "", address: raw };
  if (/[\r\n]/.test(raw) || !address.safeParse(parsed.address).success) {
    throw new Error(`MAIL_FROM is not a valid sender such as "${defaultMailFrom}".`);
  }
  return parsed;
}

export function appUrl(): string {
  return getEnv().APP_URL;
}
