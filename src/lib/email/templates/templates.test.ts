import { describe, expect, it } from "vitest";

import type { EmailContent } from "../types";
import { unsubscribeUrlFor } from "../unsubscribe";
import { inviteEmail } from "./invite";
import { addedToLicenceEmail, removedFromLicenceEmail } from "./licence-membership";
import { licenceRequestEmail } from "./licence-request";
import { passwordResetEmail } from "./password-reset";
import { verificationCodeEmail } from "./verification-code";
import { watchlistAlertEmail } from "./watchlist-alert";

const unsubscribeUrl = unsubscribeUrlFor("pat@example.co.uk");
const resetUrl = "http://localhost:3000/account-management/update-password?token=abc123";
const inviteUrl = "http://localhost:3000/account-management/delegate-signup?invite=xyz789";
const appUrl = "http://localhost:3000/drug-tariff-parts/partviiia";

function expectInBoth(email: EmailContent, ...needles: string[]) {
  for (const needle of needles) {
    expect(email.html).toContain(needle);
    expect(email.text).toContain(needle);
  }
}

describe("essential templates", () => {
  it("the verification code e-mail shows the code, its lifetime and no unsubscribe link", async () => {
    const email = await verificationCodeEmail({ code: "042917", minutes: 10 });
    expect(email.subject).toBe("Your TariffScope verification code");
    expectInBoth(
      email,
      "042917",
      "This code expires in 10 minutes. If you did not ask for it, ignore this e-mail.",
    );
    // The digits stay together, so copying them copies the code.
    expect(email.html).toMatch(/>042917</);
    expect(email.text).not.toMatch(/unsubscribe/i);
    expect(email.html).not.toMatch(/unsubscribe/i);
  });

  it("refuses anything but six digits as a code", () => {
    for (const code of ["12345", "1234567", "12a456", "<b>1</b>"]) {
      expect(() => verificationCodeEmail({ code, minutes: 10 })).toThrow(/six digits/);
    }
  });

  it("the password reset e-mail carries the link in both parts and no unsubscribe link", async () => {
    const email = await passwordResetEmail({ url: resetUrl, minutes: 60 });
    expect(email.subject).toBe("Reset your TariffScope password");
    expectInBoth(email, resetUrl, "expires in 60 minutes");
    expect(email.text).not.toMatch(/unsubscribe/i);
  });
});

describe("non-essential templates", () => {
  it("the invitation names the organisation and inviter and carries both links", async () => {
    const email = await inviteEmail({
      organisation: "Demo Pharmacy Ltd",
      inviterName: "Alex Admin",
      url: inviteUrl,
      days: 7,
      unsubscribeUrl,
    });
    expect(email.subject).toBe("Alex Admin invited you to join Demo Pharmacy Ltd on TariffScope");
    expectInBoth(email, inviteUrl, unsubscribeUrl, "Demo Pharmacy Ltd", "expires in 7 days");
  });

  it("the request to join names who asks and for which organisation, says nothing changes unless accepted, and links to the answer", async () => {
    const requestsUrl = "http://localhost:3000/account-management/licence-requests";
    const email = await licenceRequestEmail({
      firstName: "Pat",
      organisation: "Demo Pharmacy Ltd",
      requesterName: "Alex Admin",
      url: requestsUrl,
      days: 7,
      ownPlanNote: "If you pay for a plan of your own, you cannot accept.",
      unsubscribeUrl,
    });
    expect(email.template).toBe("licence-request");
    expect(email.subject).toBe("Alex Admin asked you to join Demo Pharmacy Ltd on TariffScope");
    expectInBoth(
      email,
      "Hello Pat,",
      "Alex Admin, an administrator of Demo Pharmacy Ltd",
      "Nothing changes for your account unless you accept.",
      "If you pay for a plan of your own, you cannot accept.",
      "expires in 7 days",
      requestsUrl,
      unsubscribeUrl,
    );
    await expect(
      licenceRequestEmail({
        organisation: "<script>alert(1)</script>",
        requesterName: "A",
        url: requestsUrl,
        days: 7,
        ownPlanNote: "",
        unsubscribeUrl,
      }).then((escaped) => escaped.html),
    ).resolves.not.toContain("<script>");
  });

  it("the added-to-licence e-mail greets by first name and carries both links", async () => {
    const email = await addedToLicenceEmail({
      firstName: "Pat",
      organisation: "Demo Pharmacy Ltd",
      appUrl,
      unsubscribeUrl,
    });
    expect(email.subject).toBe("You have been added to Demo Pharmacy Ltd on TariffScope");
    expectInBoth(email, "Hello Pat,", appUrl, unsubscribeUrl);
  });

  it("the removed-from-licence e-mail carries the unsubscribe link, and copes without a first name", async () => {
    const email = await removedFromLicenceEmail({
      firstName: null,
      organisation: "Demo Pharmacy Ltd",
      unsubscribeUrl,
    });
    expect(email.subject).toBe("You have been removed from Demo Pharmacy Ltd on TariffScope");
    expectInBoth(email, "Hello,", unsubscribeUrl, "no longer have access");
  });

  it("escapes user-supplied text instead of rendering it as HTML", async () => {
    const email = await addedToLicenceEmail({
      firstName: '<img src=x onerror="alert(1)">',
      organisation: "<script>alert(1)</script> & Co",
      appUrl,
      unsubscribeUrl,
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
  });

  it("refuses links that are not web addresses", () => {
    expect(() =>
      addedToLicenceEmail({
        firstName: "Pat",
        organisation: "X",
        appUrl: "javascript:alert(1)",
        unsubscribeUrl,
      }),
    ).toThrow(/http/);
  });

  it("the watchlist alert lists each change with a link to its pack, in both parts, with the unsubscribe link", async () => {
    const packUrl = "http://localhost:3000/drug-info/1034611000001106";
    const email = await watchlistAlertEmail({
      firstName: "Pat",
      source: "Part VIIIA, February 2026",
      lines: [
        { name: "Amiloride 5mg tablets", url: packUrl, what: "price £12.00 → £15.00 (+25.0%)" },
        { name: "<b>Odd</b> name", url: packUrl, what: "no longer listed" },
      ],
      watchlistsUrl: "http://localhost:3000/manage-watchlists-login",
      unsubscribeUrl,
    });
    expect(email.subject).toBe("Watchlist: 2 changes in Part VIIIA, February 2026");
    expectInBoth(
      email,
      "Hello Pat,",
      "Amiloride 5mg tablets",
      "price £12.00 → £15.00 (+25.0%)",
      packUrl,
      unsubscribeUrl,
    );
    expect(email.html).not.toContain("<b>Odd</b>");
  });

  it("the watchlist alert lists margin-check lines turned loss-making after the changes, or alone", async () => {
    const uploadUrl = "http://localhost:3000/margin-check?upload=0b0f6f8e-8f3c-4c1e-9d1e-6a2f7d0c9b11";
    const loss = { name: "Amiloride 5mg tablets", url: uploadUrl, what: "prices.csv: bought at £9.10" };
    const packUrl = "http://localhost:3000/drug-info/1034611000001106";
    const both = await watchlistAlertEmail({
      source: "Part VIIIA, February 2026",
      lines: [{ name: "Amiloride 5mg tablets", url: packUrl, what: "price £12.00 → £10.00 (-16.7%)" }],
      losses: [loss],
      watchlistsUrl: "http://localhost:3000/manage-watchlists-login",
      unsubscribeUrl,
    });
    expect(both.subject).toBe(
      "Watchlist: 1 change and 1 margin-check line now at a loss in Part VIIIA, February 2026",
    );
    expectInBoth(both, "These packs on your watchlists changed", "turned loss-making", uploadUrl);
    const alone = await watchlistAlertEmail({
      source: "Part VIIIA, February 2026",
      lines: [],
      losses: [loss, { ...loss, what: "prices.csv: bought at £9.20" }],
      watchlistsUrl: "http://localhost:3000/manage-watchlists-login",
      unsubscribeUrl,
    });
    expect(alone.subject).toBe("Watchlist: 2 margin-check lines now at a loss in Part VIIIA, February 2026");
    expect(alone.text).not.toContain("These packs on your watchlists changed");
    expectInBoth(alone, "Part VIIIA, February 2026 has just been loaded. With it, these lines");
  });
});
