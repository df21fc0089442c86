import { afterEach, describe, expect, it, vi } from "vitest";

import { GET as mailboxApi } from "@/app/api/dev/mailbox/route";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/email/unsubscribe/route";
import { unsubscribeAction } from "@/features/email-preferences/actions";
import { getUnsubscribeState } from "@/features/email-preferences/queries";
import {
  addedToLicenceEmail,
  isUnsubscribed,
  readOutbox,
  sendEmail,
  signUnsubscribeToken,
  unsubscribeUrlFor,
  verificationCodeEmail,
} from "@/lib/email";
import { setupTestDatabase } from "@tests/fixtures/db";
import { extractCode, latestEmailTo } from "@tests/fixtures/mailbox";

setupTestDatabase();

let counter = 0;
/** Each test gets addresses no other test uses. */
function uniqueAddress(name = "user"): string {
  return `${name}-${Date.now()}-${++counter}@example.test`;
}

async function sendCode(to: string, code = "123456") {
  return sendEmail({ to, ...(await verificationCodeEmail({ code, minutes: 10 })) }, { essential: true });
}

async function sendAdded(to: string) {
  const content = await addedToLicenceEmail({
    firstName: "Pat",
    organisation: "Demo Pharmacy Ltd",
    appUrl: "http://localhost:3000/drug-tariff-parts/partviiia",
    unsubscribeUrl: unsubscribeUrlFor(to),
  });
  return sendEmail({ to, ...content }, { essential: false });
}

function oneClick(token: string | null, method = "POST") {
  const url = new URL("http://localhost:3000/api/email/unsubscribe");
  if (token !== null) url.searchParams.set("token", token);
  // What a mail provider sends (RFC 8058): a form body and no Origin of ours.
  return new Request(url, {
    method,
    headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {},
    body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
  });
}

afterEach(() => vi.unstubAllEnvs());

describe("the dev outbox", () => {
  it("stores a message with its sender, parts and a Message-ID, and no unsubscribe headers on essential mail", async () => {
    const to = uniqueAddress();
    const result = await sendCode(to, "918273");
    expect(result.status).toBe("stored");
    const stored = await latestEmailTo(to);
    expect(stored).toMatchObject({
      to,
      from: "TariffScope <no-reply@tariffscope.co.uk>",
      subject: "Your TariffScope verification code",
    });
    expect(extractCode(stored.text)).toBe("918273");
    expect(stored.html).toContain("918273");
    expect(stored.headers["Message-ID"]).toBe(result.messageId);
    expect(stored.headers).not.toHaveProperty("List-Unsubscribe");
    expect(stored.headers).not.toHaveProperty("List-Unsubscribe-Post");
  });

  it("puts the one-click unsubscribe headers on non-essential mail", async () => {
    const to = uniqueAddress();
    await sendAdded(to);
    const { headers } = await latestEmailTo(to);
    const token = signUnsubscribeToken(to);
    expect(headers["List-Unsubscribe"]).toBe(
      `<http://localhost:3000/api/email/unsubscribe?token=${token}>, <mailto:support@tariffscope.co.uk?subject=Unsubscribe>`,
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("uses MAIL_FROM as the sender", async () => {
    vi.stubEnv("MAIL_FROM", '"Pharmacy Prices" <hello@example.org>');
    const to = uniqueAddress();
    await sendCode(to);
    expect((await latestEmailTo(to)).from).toBe("Pharmacy Prices <hello@example.org>");
    vi.stubEnv("MAIL_FROM", "Evil\r\nBcc: x@example.org <hello@example.org>");
    await expect(sendCode(to)).rejects.toThrow(/MAIL_FROM/);
  });

  it("refuses a non-essential e-mail without the recipient's unsubscribe link", async () => {
    const to = uniqueAddress();
    const content = await addedToLicenceEmail({
      firstName: "Pat",
      organisation: "Demo Pharmacy Ltd",
      appUrl: "http://localhost:3000/",
      unsubscribeUrl: unsubscribeUrlFor(uniqueAddress("someone-else")),
    });
    await expect(sendEmail({ to, ...content }, { essential: false })).rejects.toThrow(/unsubscribe link/);
    expect(await readOutbox({ to })).toEqual([]);
  });

  it("reads newest first, filters by recipient in any letter case, and honours the limit", async () => {
    const alice = uniqueAddress("alice");
    const bob = uniqueAddress("bob");
    await sendCode(alice, "111111");
    await sendCode(bob, "222222");
    await sendCode(alice, "333333");

    const forAlice = await readOutbox({ to: alice.toUpperCase() });
    expect(forAlice.map((m) => extractCode(m.text))).toEqual(["333333", "111111"]);
    expect((await readOutbox({ to: alice, limit: 1 })).map((m) => extractCode(m.text))).toEqual(["333333"]);

    const everyone = await readOutbox({ limit: 3 });
    expect(everyone.map((m) => m.to)).toEqual([alice, bob, alice]);
    const ids = (await readOutbox()).map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe("unsubscribing", () => {
  it("one-click POST with a good token answers 200, is idempotent, and stops non-essential mail only", async () => {
    const to = uniqueAddress();
    const token = signUnsubscribeToken(to);

    for (let i = 0; i < 2; i++) {
      const response = await unsubscribePost(oneClick(token), undefined);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    expect(await isUnsubscribed(to.toUpperCase())).toBe(true);

    expect(await sendAdded(to)).toEqual({ status: "skipped" });
    expect(await readOutbox({ to })).toEqual([]);
    expect((await sendCode(to, "654321")).status).toBe("stored");
    expect(extractCode((await latestEmailTo(to)).text)).toBe("654321");
  });

  it.each([
    ["no token", null],
    ["an empty token", ""],
    [
      "a tampered token",
      signUnsubscribeToken("victim@example.test").replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ],
    [
      "another address's MAC",
      `${Buffer.from("victim@example.test").toString("base64url")}.${signUnsubscribeToken("me@example.test").split(".")[1]}`,
    ],
  ])("one-click POST with %s answers 400 and changes nothing", async (_label, token) => {
    const response = await unsubscribePost(oneClick(token), undefined);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("validation");
    expect(await isUnsubscribed("victim@example.test")).toBe(false);
  });

  it("a GET of the one-click link only redirects to the page, changing nothing", async () => {
    const to = uniqueAddress();
    const token = signUnsubscribeToken(to);
    const response = await unsubscribeGet(oneClick(token, "GET"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `http://localhost:3000/account-management/unsubscribe?token=${token}`,
    );
    expect(await isUnsubscribed(to)).toBe(false);
  });

  it("the page's state follows the stored choice, and its action unsubscribes then redirects back", async () => {
    const to = uniqueAddress();
    const token = signUnsubscribeToken(to);
    expect(await getUnsubscribeState(undefined)).toEqual({ status: "invalid" });
    expect(await getUnsubscribeState(`${token}x`)).toEqual({ status: "invalid" });
    expect(await getUnsubscribeState(token)).toEqual({ status: "subscribed", email: to });

    const form = new FormData();
    form.set("token", token);
    const redirect = await unsubscribeAction(form).catch((error: unknown) => error);
    expect(String((redirect as { digest?: string }).digest)).toContain(
      `/account-management/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(await getUnsubscribeState(token)).toEqual({ status: "unsubscribed", email: to });
  });
});

describe("GET /api/dev/mailbox", () => {
  function mailbox(query: string) {
    return mailboxApi(new Request(`http://localhost:3000/api/dev/mailbox${query}`), undefined);
  }

  it("lists the messages to an address as JSON, newest first", async () => {
    const to = uniqueAddress();
    await sendCode(to, "100001");
    await sendAdded(to);
    const response = await mailbox(`?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { messages } = await response.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      to,
      subject: "You have been added to Demo Pharmacy Ltd on TariffScope",
    });
    expect(Object.keys(messages[0]).sort()).toEqual([
      "createdAt",
      "headers",
      "html",
      "id",
      "subject",
      "text",
      "to",
    ]);
    expect(messages[0].headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(extractCode(messages[1].text)).toBe("100001");
    expect(new Date(messages[1].createdAt).getTime()).not.toBeNaN();
  });

  it("answers an address with a control character (as a NUL) with no messages, not a server error", async () => {
    const to = uniqueAddress();
    await sendCode(to, "100003");
    const response = await mailbox(`?to=${encodeURIComponent(`${to}\u0000`)}`);
    expect(response.status).toBe(200);
    expect((await response.json()).messages).toEqual([]);
  });

  it("never lists everyone's messages: it needs the recipient's address", async () => {
    await sendCode(uniqueAddress(), "100002");
    for (const query of ["", "?to=", "?to=%20", "?limit=50"]) {
      const response = await mailbox(query);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain("100002");
    }
  });

  it("answers 404 while SMTP delivery is configured", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    expect((await mailbox("?to=a@example.test")).status).toBe(404);
  });

  it("answers 404 on an operator's database, whatever NODE_ENV says, unless DEV_MAILBOX=1", async () => {
    const query = "?to=a@example.test";
    vi.stubEnv("DEV_MAILBOX", "");
    for (const nodeEnv of ["production", "development"]) {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.stubEnv("EMBEDDED_DATABASE", "");
      expect((await mailbox(query)).status).toBe(404);
      vi.stubEnv("EMBEDDED_DATABASE", "1");
      expect((await mailbox(query)).status).toBe(200);
    }
    vi.stubEnv("DEV_MAILBOX", "0");
    expect((await mailbox(query)).status).toBe(404);
    vi.stubEnv("EMBEDDED_DATABASE", "");
    vi.stubEnv("DEV_MAILBOX", "1");
    expect((await mailbox(query)).status).toBe(200);
  });
});
