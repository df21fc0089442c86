import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import {
  addedToLicenceEmail,
  readOutbox,
  resetEmailTransport,
  sendEmail,
  signUnsubscribeToken,
  unsubscribeUrlFor,
  verificationCodeEmail,
} from "@/lib/email";
import { AppError } from "@/lib/errors";
import { setupTestDatabase } from "@tests/fixtures/db";

setupTestDatabase();

type Received = { from: string | undefined; to: string[]; raw: string };

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  // A real SMTP server on a free port, plain text (no STARTTLS), accepting any sender without login.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  resetEmailTransport();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  resetEmailTransport();
  vi.unstubAllEnvs();
  received.length = 0;
});

/** A header's value, unfolded (long headers are folded over several lines). */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message body with quoted-printable soft line breaks and escapes undone. */
function body(raw: string): string {
  return raw
    .slice(raw.indexOf("\r\n\r\n") + 4)
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("delivery over SMTP (SMTP_URL set)", () => {
  it("delivers the verification code and the added-to-licence e-mail, with List-Unsubscribe only on the second", async () => {
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    const to = `smtp-${Date.now()}@example.test`;

    const code = await sendEmail(
      { to, toName: "Pat Smith", ...(await verificationCodeEmail({ code: "482913", minutes: 10 })) },
      { essential: true },
    );
    expect(code.status).toBe("sent");
    const added = await sendEmail(
      {
        to,
        ...(await addedToLicenceEmail({
          firstName: "Pat",
          organisation: "Demo Pharmacy Ltd",
          appUrl: "http://localhost:3000/drug-tariff-parts/partviiia",
          unsubscribeUrl: unsubscribeUrlFor(to),
        })),
      },
      { essential: false },
    );
    expect(added.status).toBe("sent");

    expect(received).toHaveLength(2);
    const [first, second] = received as [Received, Received];

    expect(first.to).toEqual([to]);
    expect(first.from).toBe("no-reply@tariffscope.co.uk");
    expect(header(first.raw, "To")).toBe(`Pat Smith <${to}>`);
    expect(header(first.raw, "From")).toBe("TariffScope <no-reply@tariffscope.co.uk>");
    expect(header(first.raw, "Subject")).toBe("Your TariffScope verification code");
    expect(header(first.raw, "Message-ID")).toBe(code.messageId);
    // The raw message also holds MIME boundaries, which may contain digits: look for the code itself.
    expect(body(first.raw)).toMatch(/(?<!\d)482913(?!\d)/);
    expect(body(first.raw)).toContain("This code expires in 10 minutes.");
    expect(header(first.raw, "List-Unsubscribe")).toBeUndefined();

    expect(second.to).toEqual([to]);
    expect(header(second.raw, "Subject")).toBe("You have been added to Demo Pharmacy Ltd on TariffScope");
    expect(header(second.raw, "List-Unsubscribe")).toBe(
      `<http://localhost:3000/api/email/unsubscribe?token=${signUnsubscribeToken(to)}>, ` +
        "<mailto:support@tariffscope.co.uk?subject=Unsubscribe>",
    );
    expect(header(second.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(body(second.raw)).toContain(unsubscribeUrlFor(to));

    // Nothing went to the dev outbox meanwhile.
    expect(await readOutbox({ to })).toEqual([]);
  });

  it("keeps delivering through the same SMTP_URL, follows a change of it, and reports a failure cleanly", async () => {
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    const content = await verificationCodeEmail({ code: "000111", minutes: 10 });
    await sendEmail({ to: "a@example.test", ...content }, { essential: true });
    await sendEmail({ to: "b@example.test", ...content }, { essential: true });
    expect(received.map((r) => r.to)).toEqual([["a@example.test"], ["b@example.test"]]);

    // Nothing listens on the new address: the failure is a clean AppError, not the SMTP error's text.
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${closedPort}`);
    const error = await sendEmail({ to: "c@example.test", ...content }, { essential: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("unavailable");
  });
});
