import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import UnsubscribePage from "@/app/(auth)/account-management/unsubscribe/page";
import DevMailboxPage from "@/app/dev/mailbox/page";
import { setupTestDatabase } from "@tests/fixtures/db";

import { sendEmail } from "./send";
import { verificationCodeEmail } from "./templates/verification-code";
import { unsubscribe } from "./unsubscribe";
import { signUnsubscribeToken } from "./unsubscribe-token";

setupTestDatabase();

afterEach(() => vi.unstubAllEnvs());

/** Renders a server page the way Next.js would call it, to static HTML. */
async function renderPage<P>(page: (props: P) => Promise<React.ReactElement>, props: P): Promise<string> {
  return renderToStaticMarkup(await page(props));
}

function unsubscribePage(token?: string) {
  return renderPage(UnsubscribePage, { searchParams: Promise.resolve(token === undefined ? {} : { token }) });
}

describe("/account-management/unsubscribe", () => {
  it("shows the address and a form with the Unsubscribe button for a good token", async () => {
    const email = `page-${Date.now()}@example.test`;
    const html = await unsubscribePage(signUnsubscribeToken(email));
    expect(html).toContain(email);
    expect(html).toMatch(/<form[^>]*>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(html).toContain(
      "Essential messages such as verification codes and password resets will still be sent.",
    );
  });

  it("shows the confirmation once the address has unsubscribed", async () => {
    const email = `done-${Date.now()}@example.test`;
    await unsubscribe(email);
    const html = await unsubscribePage(signUnsubscribeToken(email));
    expect(html).toContain("You have unsubscribed");
    expect(html).toContain("You will no longer receive");
    expect(html).not.toMatch(/<button/);
  });

  it.each([
    ["a missing token", undefined],
    ["an invalid token", "not-a-token"],
  ])("explains %s", async (_label, token) => {
    const html = await unsubscribePage(token);
    expect(html).toContain("This unsubscribe link does not work");
    expect(html).not.toMatch(/<form/);
  });
});

describe("/dev/mailbox", () => {
  it("lists messages newest first, each HTML in an empty-sandbox iframe with a title", async () => {
    const to = `mailbox-${Date.now()}@example.test`;
    for (const code of ["111222", "333444"]) {
      await sendEmail({ to, ...(await verificationCodeEmail({ code, minutes: 10 })) }, { essential: true });
    }
    const html = await renderPage(DevMailboxPage, { searchParams: Promise.resolve({ to }) });
    const frames = [...html.matchAll(/<iframe[^>]*>/g)].map((m) => m[0]);
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame).toContain('sandbox=""');
      expect(frame).toContain(`title="E-mail to ${to}: Your TariffScope verification code"`);
    }
    expect(html.indexOf("333444")).toBeLessThan(html.indexOf("111222"));
  });

  it("shows nobody's messages until it is given an address", async () => {
    const to = `mailbox-${Date.now()}-all@example.test`;
    await sendEmail(
      { to, ...(await verificationCodeEmail({ code: "555666", minutes: 10 })) },
      { essential: true },
    );
    const html = await renderPage(DevMailboxPage, { searchParams: Promise.resolve({}) });
    expect(html).not.toContain("555666");
    expect(html).not.toContain(to);
    expect(html).toContain("Enter the address they were sent to");
  });

  it("does not exist while SMTP delivery is configured", async () => {
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");
    const error = await DevMailboxPage({ searchParams: Promise.resolve({}) }).catch((e: unknown) => e);
    expect(String((error as { digest?: string }).digest)).toMatch(/404/);
  });
});
