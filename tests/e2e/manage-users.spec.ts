import type { Locator } from "@playwright/test";

import { expectNoAxeViolations } from "../fixtures/axe";
import { fetchLatestEmail } from "../fixtures/mailbox";
import { createOrganisation, createPerson, setLicenceStatus, setSeats } from "./database";
import {
  expect,
  expectNoSidewaysScroll,
  expectWithinWidth,
  openElsewhere,
  readCode,
  sendRequestToJoin,
  signInByApi,
  signInElsewhere,
  test,
  typeCode,
  uniqueEmail,
} from "./fixtures";

const manageUsers = "/account-management/dashboard?section=manage-users";

test("an admin asks a registered user to join, who accepts from the e-mail and appears; invites a new address who signs up and appears; and removes a user", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people, two e-mails and a sign-up: longer than one person's journey.
  test.slow();
  const org = await createOrganisation({ seats: 5, label: "journey" });
  const registered = await createPerson(uniqueEmail("registered"), { firstName: "Rhea" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);

  const details = page.getByRole("definition");
  await expect(details.nth(0)).toHaveText("journey Pharmacy Ltd");
  await expect(details.nth(1)).toHaveText("5 users");
  await expect(details.nth(2)).toHaveText("4");
  await expectNoAxeViolations(page);

  // Ask a registered user to join: the search shows only their name.
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await dialog.getByLabel("Email").fill("not an address");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address");
  await dialog.getByLabel("Email").fill(registered.email.toUpperCase());
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog).toContainText("Rhea Tester");
  await expect(dialog).not.toContainText("Pharmacist");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request Sent")).toBeVisible();
  await expect(
    page.getByText(`${registered.email.toUpperCase()} will join your licence once they accept.`),
  ).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await page.keyboard.press("Escape");

  // The request waits in the list and holds no seat.
  const table = page.getByRole("region", { name: "Users on this licence" });
  const waiting = page.getByRole("region", { name: "Waiting for an answer" });
  await expect(waiting.getByRole("listitem")).toContainText(registered.email);
  await expect(table.getByRole("row", { name: new RegExp(registered.email) })).toBeHidden();
  await expect(details.nth(2)).toHaveText("4");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The user reads the request in their e-mail and accepts it.
  const request = await fetchLatestEmail(baseURL!, registered.email);
  expect(request.subject).toBe("Ada Tester asked you to join journey Pharmacy Ltd on TariffScope");
  const requestLink = /https?:\/\/\S+\/account-management\/licence-requests/.exec(request.text)![0];
  const asked = await openElsewhere(browser, baseURL!);
  await asked.page.goto(requestLink);
  await expect(asked.page).toHaveURL(
    /\/account-management\/signin\?redirect=%2Faccount-management%2Flicence-requests$/,
  );
  await asked.page.getByLabel("Email").fill(registered.email);
  await asked.page.getByLabel("Password").fill(registered.password);
  await asked.page.getByRole("button", { name: "Login" }).click();
  await expect(asked.page).toHaveURL(/\/account-management\/licence-requests$/);
  const card = asked.page.getByRole("group", { name: "Join journey Pharmacy Ltd" });
  await expect(card).toContainText("Ada Tester, an administrator of journey Pharmacy Ltd");
  await expectNoAxeViolations(asked.page);
  await expectWithinWidth(asked.page.getByRole("main"));
  await card.getByRole("button", { name: "Accept and join" }).click();
  await expect(asked.page).toHaveURL(/\/drug-tariff-parts\/partviiia\?delegateSuccess=true$/, {
    timeout: 30_000,
  });
  await asked.context.close();

  await page.reload();
  await expect(table.getByRole("row", { name: new RegExp(registered.email) })).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(details.nth(2)).toHaveText("3");

  // Invite a new address.
  const invitee = uniqueEmail("invitee");
  await page.getByRole("button", { name: "Add User" }).click();
  await dialog.getByLabel("Email").fill(invitee);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog).toContainText("No User Found");
  await dialog.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText("Email Invite Sent")).toBeVisible();
  await page.keyboard.press("Escape");

  const invitation = await fetchLatestEmail(baseURL!, invitee);
  const link = /https?:\/\/\S+\/account-management\/delegate-signup\?token=[\w%-]+/.exec(invitation.text)![0];
  const inviteeContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.19.7.7" } });
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole("heading", { level: 1 })).toHaveText(
    "Join journey Pharmacy Ltd on TariffScope",
  );
  await expect(inviteePage.getByLabel("Email")).toHaveValue(invitee);
  await inviteePage.getByLabel("First name").fill("Ivy");
  await inviteePage.getByLabel("Last name").fill("Invited");
  await inviteePage.getByLabel("Occupation").fill("Dispenser");
  await inviteePage.getByLabel("Password", { exact: true }).fill("a long and unusual passphrase");
  for (const title of ["License Agreement", "Privacy Policy"]) {
    await inviteePage.getByRole("button", { name: `Read the ${title}` }).click();
    await inviteePage.getByRole("dialog", { name: title }).getByRole("button", { name: "Accept" }).click();
  }
  await inviteePage.getByRole("button", { name: "Create account" }).click();
  const { code } = await readCode(baseURL!, invitee, invitation.id);
  await typeCode(inviteePage, code);
  await inviteePage.getByRole("button", { name: "Verify" }).click();
  await expect(inviteePage).toHaveURL(/\/drug-tariff-parts\/partviiia\?delegateSuccess=true$/, {
    timeout: 30_000,
  });
  await inviteeContext.close();

  await page.reload();
  await expect(table.getByRole("row", { name: new RegExp(invitee) })).toBeVisible();

  // Remove the registered user, whose very next page load is refused (R12).
  const removedContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.19.8.8" } });
  const removedPage = await removedContext.newPage();
  await signInByApi(removedPage, baseURL!, registered.email, registered.password);
  await removedPage.goto("/drug-tariff-parts/partviiia");
  await expect(removedPage.getByRole("heading", { level: 1 })).toHaveText("Part VIIIA");

  await table.getByRole("button", { name: `Remove ${registered.email}` }).click();
  const confirm = page.getByRole("dialog", { name: "Remove User from journey Pharmacy Ltd" });
  await expect(confirm).toContainText(`Are you sure you want to remove ${registered.email}?`);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("User Removed")).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(registered.email) })).toBeHidden();

  await removedPage.goto("/drug-tariff-parts/partviiia");
  await expect(removedPage).toHaveURL(/\/pricing\/choose-your-plan$/);
  await removedContext.close();
});

test("admins have no remove control, the search tells nothing of a user on another plan, and a full licence disables Add User", async ({
  page,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 2, delegates: 1, label: "full" });
  const other = await createOrganisation({ seats: 3, delegates: 1, label: "other" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);
  const table = page.getByRole("region", { name: "Users on this licence" });
  await expect(table.getByRole("row").nth(1)).toContainText("Admin");
  await expect(table.getByRole("button", { name: `Remove ${org.admin.email}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add User" })).toBeDisabled();

  await table.getByRole("button", { name: `Remove ${org.delegates[0]!.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("button", { name: "Add User" })).toBeEnabled();
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await dialog.getByLabel("Email").fill(other.delegates[0]!.email);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog).toContainText("Member0 Tester");
  await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
  for (const secret of ["User On Active Plan", "other Pharmacy Ltd", "Pharmacist"])
    await expect(dialog).not.toContainText(secret);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await expect(dialog).not.toContainText("Member0 Tester");
});

test("a user declines a request they find after signing in, and an admin cancels another", async ({
  page,
  browser,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 5, label: "decline" });
  const decliner = await createPerson(uniqueEmail("decliner"));
  const withdrawn = await createPerson(uniqueEmail("withdrawn"));
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);
  for (const person of [decliner, withdrawn]) await sendRequestToJoin(page, person.email);
  const waiting = page.getByRole("region", { name: "Waiting for an answer" });
  await expect(waiting.getByRole("listitem")).toHaveCount(2);

  // Without a plan, the user lands on the plans page after signing in, and is told of the request there.
  const asked = await signInElsewhere(browser, baseURL!, decliner);
  await asked.page.goto("/drug-tariff-parts/partviiia");
  await expect(asked.page).toHaveURL(/\/pricing\/choose-your-plan$/);
  const notice = asked.page.getByRole("complementary", { name: "Requests to join a licence" });
  await expect(notice).toContainText("decline Pharmacy Ltd has asked you to join its TariffScope licence.");
  await expectNoAxeViolations(asked.page);
  await expectWithinWidth(notice);
  await notice.getByRole("link", { name: "Review the request" }).click();
  await asked.page.getByRole("button", { name: "Decline" }).click();
  await expect(asked.page.getByRole("status")).toHaveText(
    "You declined the request to join decline Pharmacy Ltd.",
  );
  await expect(asked.page.getByText("You have no requests waiting.")).toBeVisible();
  await asked.context.close();

  await page.reload();
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await waiting.getByRole("button", { name: `Cancel the request to ${withdrawn.email}` }).click();
  await expect(page.getByText("Request Cancelled")).toBeVisible();
  await expect(waiting).toBeHidden();
  const table = page.getByRole("region", { name: "Users on this licence" });
  for (const person of [decliner, withdrawn])
    await expect(table.getByRole("row", { name: new RegExp(person.email) })).toBeHidden();

  const cancelledFor = await signInElsewhere(browser, baseURL!, withdrawn);
  await cancelledFor.page.goto("/account-management/licence-requests");
  await expect(cancelledFor.page.getByText("You have no requests waiting.")).toBeVisible();
  await cancelledFor.context.close();
});

test("a request to join a licence that has since been cancelled cannot be accepted", async ({
  page,
  browser,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 5, label: "lapsed" });
  const person = await createPerson(uniqueEmail("lapsed-user"));
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);
  await sendRequestToJoin(page, person.email);

  await setLicenceStatus(org.licenceId, "canceled", false);
  const asked = await signInElsewhere(browser, baseURL!, person);
  await asked.page.goto("/account-management/licence-requests");
  const card = asked.page.getByRole("group", { name: "Join lapsed Pharmacy Ltd" });
  await card.getByRole("button", { name: "Accept and join" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    "The licence of lapsed Pharmacy Ltd is not active, so no one can join it until its subscription is renewed.",
  );
  await asked.page.goto("/drug-tariff-parts/partviiia");
  await expect(asked.page).toHaveURL(/\/pricing\/choose-your-plan$/);
  await asked.context.close();

  // The admin's own access has ended with the licence.
  await page.goto(manageUsers);
  await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);
});

test(
  "the users' table fits the screen, each e-mail whole, and its Remove buttons are large enough to press",
  { tag: "@phone" },
  async ({ page, baseURL }) => {
    const org = await createOrganisation({ seats: 5, delegates: 2, label: "narrow" });
    await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
    await page.goto(manageUsers);
    const table = page.getByRole("region", { name: "Users on this licence" });
    await expect(table.getByRole("row")).toHaveCount(4);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
    const frame = (await table.boundingBox())!;
    /** Whether `element` is on screen whole: not scrolled out of the table's box. */
    const expectWhole = async (element: Locator, what: string) => {
      const box = (await element.boundingBox())!;
      expect(box.x, `${what} starts in view`).toBeGreaterThanOrEqual(frame.x - 0.5);
      expect(box.x + box.width, `${what} ends in view`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    };
    // Each address has the width of a line to itself: a long one may wrap once, never every few letters.
    for (const person of [org.admin, ...org.delegates]) {
      const cell = table.getByRole("cell", { name: person.email, exact: true });
      const text = await cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const box = range.getBoundingClientRect();
        const style = getComputedStyle(element);
        // The room is the cell's, not the text's: where a wrapped address breaks decides its own width.
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { room, lines: box.height / parseFloat(style.lineHeight) };
      });
      expect(text.lines, `${person.email} is on one or two lines`).toBeLessThan(2.5);
      expect(text.room, `${person.email} has room`).toBeGreaterThan(200);
      await expectWhole(cell, person.email);
    }
    for (const remove of await table.getByRole("button", { name: /^Remove / }).all()) {
      const box = (await remove.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      await expectWhole(remove, (await remove.getAttribute("aria-label"))!);
    }
    await table.getByRole("button", { name: `Remove ${org.delegates[0]!.email}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: /^Remove User from/ })).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

test("a delegate is told they do not have permission", async ({ page, baseURL }) => {
  const org = await createOrganisation({ seats: 3, delegates: 1, label: "perm" });
  await signInByApi(page, baseURL!, org.delegates[0]!.email, org.delegates[0]!.password);
  await page.goto(manageUsers);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "You do not have permission for this page",
  );
  await expect(page.getByRole("region", { name: "Users on this licence" })).toHaveCount(0);
});

test("with more users than seats, the admin must remove users before continuing, and a delegate must wait", async ({
  page,
  browser,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 3, delegates: 2, label: "over" });
  await setSeats(org.licenceId, 2);

  const delegateContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.19.9.9" } });
  const delegatePage = await delegateContext.newPage();
  await signInByApi(delegatePage, baseURL!, org.delegates[1]!.email, org.delegates[1]!.password);
  await delegatePage.goto("/drug-tariff-parts/partviiia");
  const delegateModal = delegatePage.getByRole("dialog", {
    name: "Number of users exceeds the user limit on your current plan",
  });
  await expect(delegateModal).toContainText("Please contact an Admin from your Organisation");
  await expect(delegateModal.getByRole("button", { name: "Continue to App" })).toBeDisabled();
  await expectNoAxeViolations(delegatePage);

  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto("/drug-tariff-parts/partviiia");
  const modal = page.getByRole("dialog", {
    name: "Number of users exceeds the user limit on your current plan",
  });
  await expect(modal).toContainText("Please remove users to carry on using TariffScope");
  await expect(modal.getByRole("button", { name: "Continue to App" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: `Remove ${org.delegates[0]!.email}` }).click();
  await page
    .getByRole("dialog", { name: /Remove User from/ })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(modal.getByRole("button", { name: "Continue to App" })).toBeEnabled();
  await modal.getByRole("button", { name: "Continue to App" }).click();
  await expect(modal).toBeHidden();

  await delegateModal.getByRole("button", { name: "Check again" }).click();
  await expect(delegateModal.getByRole("button", { name: "Continue to App" })).toBeEnabled();
  await delegateModal.getByRole("button", { name: "Continue to App" }).click();
  await expect(delegateModal).toBeHidden();
  await delegateContext.close();
});

test("a signed-in user without a subscription sees the notice, and Close Message is remembered", async ({
  page,
  baseURL,
}) => {
  const person = await createPerson(uniqueEmail("notice"));
  await signInByApi(page, baseURL!, person.email, person.password);
  await page.goto("/blog/blog-index");
  const notice = page.getByRole("dialog", { name: "Subscription Plans Now Required" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Subscribe Now" })).toHaveAttribute(
    "href",
    "/pricing/choose-your-plan",
  );
  await expect(notice.getByRole("link", { name: "View Pricing Plans" })).toHaveAttribute(
    "href",
    "/pricing/plans",
  );
  await expectNoAxeViolations(page);
  await notice.getByRole("button", { name: "Close Message" }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(notice).toBeHidden();
});

test("a licence set up by TariffScope, with no billing account, says whom to contact instead of 'Customer ID not found'", async ({
  page,
  baseURL,
}) => {
  const org = await createOrganisation({ seats: 3, delegates: 1, label: "operator" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "support@tariffscope.co.uk" }).first()).toBeVisible();
  await expect(main).not.toContainText("Customer ID not found");
  // The over-limit modal's Upgrade Plan asks the same server: it gets the same plain answer.
  const portal = await page.request.post("/api/portal", { data: {}, headers: { origin: baseURL! } });
  const { error } = (await portal.json()) as { error: { message: string } };
  expect(error.message).toContain("set up by TariffScope");
  expect(error.message).toContain("support@tariffscope.co.uk");

  await page
    .getByRole("navigation", { name: "Account sections" })
    .getByRole("link", { name: "Billing" })
    .click();
  await expect(page).toHaveURL(/section=billing$/);
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing).toContainText("operator Pharmacy Ltd");
  await expect(billing).toContainText("3 seats, 2 in use");
  await expect(billing).toContainText("set up by TariffScope");
  await expect(billing.getByRole("link", { name: "support@tariffscope.co.uk" })).toBeVisible();
  await expect(billing.getByRole("button", { name: /cancel/i })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("billing is for the licence admin: a delegate has no Billing section", async ({ page, baseURL }) => {
  const org = await createOrganisation({ seats: 3, delegates: 1, label: "nobill" });
  await signInByApi(page, baseURL!, org.delegates[0]!.email, org.delegates[0]!.password);
  await page.goto("/account-management/dashboard?section=billing");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "You do not have permission for this page",
  );
  await expect(
    page.getByRole("navigation", { name: "Account sections" }).getByRole("link", { name: "Billing" }),
  ).toHaveCount(0);
});

test("asking someone who pays for their own plan: both sides are told it stays, and that they cannot accept", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people signed in, an e-mail and two axe checks: more than a minute on a loaded machine.
  test.slow();
  const org = await createOrganisation({ seats: 5, label: "asking" });
  const paying = await createOrganisation({ seats: 1, label: "paying" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto(manageUsers);
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await dialog.getByLabel("Email").fill(paying.admin.email);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
  // The search says nothing of their plan (ADR 036), so the admin is told what happens in either case.
  await expect(dialog).toContainText(
    "If they pay for a plan of their own, they cannot accept: joining never cancels or changes that plan",
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(
    page.getByText(`${paying.admin.email} will join your licence once they accept.`),
  ).toBeVisible();

  const message = await fetchLatestEmail(baseURL!, paying.admin.email);
  expect(message.text.replace(/\s+/g, " ")).toContain(
    "If you pay for a TariffScope plan of your own, you cannot accept: joining never cancels or changes your plan",
  );

  const asked = await signInElsewhere(browser, baseURL!, paying.admin);
  await asked.page.goto("/account-management/licence-requests");
  const request = asked.page.getByRole("group", { name: `Join asking Pharmacy Ltd` });
  await expect(request).toContainText(
    "You pay for a TariffScope plan of your own, so you cannot accept: joining never cancels or changes your plan",
  );
  await expect(request).toContainText("Your plan stays as it is.");
  await expect(request.getByRole("button", { name: "Accept and join" })).toBeDisabled();
  await expect(request.getByRole("button", { name: "Decline" })).toBeEnabled();
  await expectNoAxeViolations(asked.page);
  await asked.context.close();
});
