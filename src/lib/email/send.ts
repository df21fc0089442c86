import "server-only";

import { randomUUID } from "node:crypto";

import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";

import { AppError } from "@/lib/errors";
import { getLogger } from "@/lib/logger";

import { mailFrom, smtpUrl } from "./config";
import { storeInOutbox } from "./outbox";
import type { EmailMessage, SendResult } from "./types";
import { isUnsubscribed, unsubscribeHeaders, unsubscribeUrlFor } from "./unsubscribe";

const singleAddress = z.email();
const lineBreak = /[\r\n\0]/;

let warnedAboutOutbox = false;
let smtp: { url: string; transporter: Transporter } | undefined;

/** One transporter per SMTP_URL, created on first use and reused. */
function smtpTransporter(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    // Shorter waits than nodemailer's (2 minutes to connect): someone is waiting for their code.
    const transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    smtp = { url, transporter };
  }
  return smtp.transporter;
}

/** Closes and forgets the cached SMTP transporter (tests switch SMTP_URL between cases). */
export function resetEmailTransport(): void {
  smtp?.transporter.close();
  smtp = undefined;
}

/** Refuses header injection (SMTP CRLF) and anything but one plain address as the recipient. */
function assertSafeHeaders(message: EmailMessage): void {
  const fields = { to: message.to, toName: message.toName ?? "", subject: message.subject };
  for (const [field, value] of Object.entries(fields)) {
    if (lineBreak.test(value)) {
      throw new AppError("validation", "An e-mail header must not contain a line break.", {
        fieldErrors: { [field]: ["must not contain a line break"] },
      });
    }
  }
  if (!singleAddress.safeParse(message.to).success) {
    throw new AppError("validation", "An e-mail goes to exactly one valid address.", {
      fieldErrors: { to: ["must be one e-mail address"] },
    });
  }
}

/**
 * Sends one e-mail: through SMTP when SMTP_URL is set, otherwise into the dev outbox.
 * Non-essential mail (`essential: false`) carries the one-click unsubscribe headers and is skipped for
 * addresses that unsubscribed; essential mail (codes, password resets) always goes and carries none.
 */
export async function sendEmail(message: EmailMessage, options: { essential: boolean }): Promise<SendResult> {
  assertSafeHeaders(message);
  const log = getLogger().child({
    template: message.template,
    recipientDomain: message.to.slice(message.to.lastIndexOf("@") + 1).toLowerCase(),
    essential: options.essential,
  });

  let headers: Record<string, string> = {};
  if (!options.essential) {
    if (await isUnsubscribed(message.to)) {
      log.info("e-mail skipped: the recipient unsubscribed");
      return { status: "skipped" };
    }
    // A non-essential template without its footer link is a bug, not something to send.
    const link = unsubscribeUrlFor(message.to);
    if (!message.html.includes(link) || !message.text.includes(link)) {
      throw new Error(`The ${message.template} e-mail lacks the recipient's unsubscribe link.`);
    }
    headers = unsubscribeHeaders(message.to);
  }

  const from = mailFrom();
  const messageId = `<${randomUUID()}@${from.address.slice(from.address.lastIndexOf("@") + 1)}>`;
  const url = smtpUrl();

  if (!url) {
    await storeInOutbox({
      to: message.to,
      from: from.name ? `${from.name} <${from.address}>` : from.address,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: { "Message-ID": messageId, ...headers },
    });
    log.info({ messageId, transport: "outbox" }, "e-mail stored in the dev outbox");
    if (process.env.NODE_ENV === "production" && !warnedAboutOutbox) {
      warnedAboutOutbox = true;
      getLogger().warn("SMTP_URL is not set: e-mails are kept in the dev outbox, not delivered");
    }
    return { status: "stored", messageId };
  }

  try {
    await smtpTransporter(url).sendMail({
      from,
      to: { name: message.toName ?? "", address: message.to },
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers,
      messageId,
    });
  } catch (error) {
    // The SMTP error may echo the URL's credentials or the message: log only its code.
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    log.error({ messageId, transport: "smtp", code, responseCode }, "e-mail failed");
    throw new AppError("unavailable", "We could not send the e-mail. Please try again shortly.", {
      cause: error,
    });
  }
  log.info({ messageId, transport: "smtp" }, "e-mail sent");
  return { status: "sent", messageId };
}
