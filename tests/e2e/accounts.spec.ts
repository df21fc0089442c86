import { expectNoAxeViolations } from "../fixtures/axe";
import { fetchLatestEmail } from "../fixtures/mailbox";
import {
  demo,
  demoPassword,
  otpInput,
  expect,
  fillSignUpForm,
  openAppMenu,
  pasteInto,
  readCode,
  signInByApi,
  test,
  typeCode,
  waitForHydration,
  uniqueEmail,
} from "./fixtures";

test.describe("sign-up with the e-mailed code (form B)", () => {
  test(
    "typed: sign up, read the code from the mailbox, verify, and go on to choose a plan",
    { tag: "@phone" },
    async ({ page, baseURL }) => {
      const email = uniqueEmail("typed");
      await fillSignUpForm(page, email);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Create account" }).click();
      const dialog = page.getByRole("dialog", { name: "Check your e-mail" });
      await expect(dialog).toContainText(email);
      await expect(dialog.getByRole("button", { name: "Verify" })).toBeDisabled();
      await expectNoAxeViolations(page);

      const { code } = await readCode(baseURL!, email);
      await typeCode(page, `ab${code.slice(0, 3)}-x${code.slice(3)}`, code);
      await dialog.getByRole("button", { name: "Verify" }).click();

      await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
      await page.getByRole("link", { name: "Proceed with Free Trial" }).click();
      await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);
    },
  );

  test("pasted on the first box", async ({ page, baseURL }) => {
    const email = uniqueEmail("pasted");
    await fillSignUpForm(page, email);
    await page.getByRole("button", { name: "Create account" }).click();
    const { code } = await readCode(baseURL!, email);
    await pasteInto(page, otpInput, code);
    await expect(page.locator(otpInput)).toHaveValue(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
  });

  test("closing the code dialog and signing up again offers the code boxes again, with the wait for a new code", async ({
    page,
    baseURL,
  }) => {
    // Two sign-ups, a code and two axe checks: more than a minute on a loaded machine.
    test.slow();
    const email = uniqueEmail("again");
    await fillSignUpForm(page, email);
    await page.getByRole("button", { name: "Create account" }).click();
    const dialog = page.getByRole("dialog", { name: "Check your e-mail" });
    await expect(dialog.locator(otpInput)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(dialog).toContainText(
      /We have already sent a code to this address: enter it below\. Please wait \d+ seconds before asking for another code\./,
    );
    await expectNoAxeViolations(page);
    const { code } = await readCode(baseURL!, email);
    await typeCode(page, code);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
  });

  test("refuses to create the account until both documents are accepted", async ({ page }) => {
    await page.goto("/account-management/signup");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByLabel("Occupation").fill("Dispenser");
    await page.getByLabel("Email").fill(uniqueEmail("terms"));
    await page.getByLabel("Password", { exact: true }).fill("a long and unusual passphrase");
    await page.getByRole("button", { name: "Read the License Agreement" }).click();
    await page
      .getByRole("dialog", { name: "License Agreement" })
      .getByRole("button", { name: "Reject" })
      .click();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Please read and accept the License Agreement")).toBeVisible();
    await expect(page.getByText("Please read and accept the Privacy Policy")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("the verify page (form A)", () => {
  async function signUpAndLeave(page: import("@playwright/test").Page, email: string) {
    await fillSignUpForm(page, email);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("dialog", { name: "Check your e-mail" })).toBeVisible();
  }

  test("accepts a paste of exactly six digits, then goes to the redirect two seconds later", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("forma");
    await signUpAndLeave(page, email);
    const { code } = await readCode(baseURL!, email);
    await page.goto(
      `/account-management/verify?${new URLSearchParams({ email, redirect: "/pricing/plans" })}`,
    );
    await pasteInto(page, otpInput, "12345");
    await expect(page.locator(otpInput)).toHaveValue("");
    await pasteInto(page, otpInput, `${code}7`);
    await expect(page.locator(otpInput)).toHaveValue("");
    await pasteInto(page, otpInput, code);
    await expect(page.locator(otpInput)).toHaveValue(code);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
    await expect(page).toHaveURL(/\/pricing\/plans$/, { timeout: 20_000 });
  });

  test("never follows a redirect to another site", async ({ page, baseURL }) => {
    const email = uniqueEmail("redirect");
    await signUpAndLeave(page, email);
    const { code } = await readCode(baseURL!, email);
    await page.goto(
      `/account-management/verify?${new URLSearchParams({ email, redirect: "//evil.example/steal" })}`,
    );
    await typeCode(page, code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/pricing/plans$`), { timeout: 20_000 });
  });

  test("three wrong codes lock the code: the right one is then refused", async ({ page, baseURL }) => {
    const email = uniqueEmail("locked");
    await signUpAndLeave(page, email);
    const { code } = await readCode(baseURL!, email);
    const wrong = code === "000000" ? "111111" : "000000";
    await page.goto(`/account-management/verify?${new URLSearchParams({ email })}`);
    const input = page.locator(otpInput);
    for (let attempt = 0; attempt < 3; attempt++) {
      await input.fill(wrong);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(
        "That code is not right. Please check it and try again.",
      );
    }
    await input.fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Too many wrong codes. Please ask for a new one.",
    );
    await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeHidden();
  });
});

test.describe("sign-in card", () => {
  test("signs the admin in to Part VIIIA and out again", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/account-management/signin");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email").fill(demo.admin);
    await page.getByLabel("Password").fill(demoPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia$/);
    await expect(page.getByRole("heading", { level: 1, name: "Part VIIIA" })).toBeVisible();
    await expectNoAxeViolations(page);

    await (await openAppMenu(page)).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/drug-tariff-parts/partviiia");
    await expect(page).toHaveURL(/\/account-management\/signin\?redirect=%2Fdrug-tariff-parts%2Fpartviiia$/);
  });

  test("signs in at the server's IP address, as a newcomer may type it (the embedded default trusts it)", async ({
    page,
    baseURL,
    context,
  }) => {
    const byAddress = baseURL!.replace("//localhost:", "//127.0.0.1:");
    await context.addCookies([{ name: "cookieConsent", value: "rejected", url: byAddress }]);
    await page.goto(`${byAddress}/account-management/signin`);
    await page.getByLabel("Email").fill(demo.admin);
    await page.getByLabel("Password").fill(demoPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${byAddress}/drug-tariff-parts/partviiia`);
    await expect(page.getByRole("heading", { level: 1, name: "Part VIIIA" })).toBeVisible();
  });

  test("returns the user to the page they were sent away from", async ({ page }) => {
    await page.goto("/account-management/dashboard?section=personal-details");
    await expect(page).toHaveURL(/\/account-management\/signin\?redirect=/);
    await page.getByLabel("Email").fill(demo.delegate);
    await page.getByLabel("Password").fill(demoPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/account-management\/dashboard\?section=personal-details$/);
    await expect(page.getByLabel("First name")).toHaveValue("Daniel");
  });

  test("says 'Please fill all fields' with red borders, and the message clears on edit", async ({ page }) => {
    await page.goto("/account-management/signin");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please fill all fields");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("x");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("");
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("shows the clean message for a wrong password", async ({ page }) => {
    await page.goto("/account-management/signin");
    await page.getByLabel("Email").fill(demo.admin);
    await page.getByLabel("Password").fill("not the right password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password");
    await page.getByLabel("Password").fill("still not right");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("");
  });

  test("offers to resend the code when the e-mail is not confirmed, and leads to the verify page", async ({
    page,
  }) => {
    const email = uniqueEmail("unconfirmed");
    const password = "a long and unusual passphrase";
    await fillSignUpForm(page, email, password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("dialog", { name: "Check your e-mail" })).toBeVisible();

    await page.goto("/account-management/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Email not confirmed");
    await page.getByRole("button", { name: "Resend confirmation code" }).click();
    // The sign-up code was sent under a minute ago: the cooldown says so plainly.
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Please wait");
  });

  test("works with the keyboard alone", async ({ page }) => {
    await page.goto("/account-management/signin");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(demo.delegate);
    await page.keyboard.press("Tab");
    await page.keyboard.type(demoPassword);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/drug-tariff-parts\/partviiia$/);
  });
});

test.describe("forgotten password", () => {
  test("the whole loop: ask, read the e-mail, set a new password, sign in with it", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("reset");
    await fillSignUpForm(page, email);
    await page.getByRole("button", { name: "Create account" }).click();
    const { code, id } = await readCode(baseURL!, email);
    await typeCode(page, code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Verification Complete" })).toBeVisible();
    await page.context().clearCookies();

    await page.goto("/account-management/signin");
    await page.getByRole("button", { name: "Forgotten Password?" }).click();
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Please enter your email address");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Please check your email for a reset password link",
    );
    await expectNoAxeViolations(page);

    const message = await fetchLatestEmail(baseURL!, email, { newerThan: id, timeoutMs: 15_000 });
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(message.text)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/account-management\/update-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("a different long passphrase");
    await page.getByLabel("Confirm new password").fill("a different long passphrase");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("signed out everywhere");

    await page.getByRole("link", { name: "Log In" }).last().click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a different long passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/pricing\/choose-your-plan$/);
  });

  test("gives the same answer for an address without an account", async ({ page }) => {
    await page.goto("/account-management/signin");
    await page.getByRole("button", { name: "Forgotten Password?" }).click();
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Please check your email for a reset password link",
    );
  });
});

test.describe("account management", () => {
  test("edits personal details and switches country, which survives a reload", async ({
    page,
    baseURL,
  }, testInfo) => {
    // One demo subscriber per browser project, as the two projects run at the same time.
    await signInByApi(page, baseURL!, testInfo.project.name === "phone" ? demo.owner : demo.delegate);
    await page.goto("/account-management/dashboard?section=personal-details");
    await waitForHydration(page.getByLabel("Occupation"));
    await page.getByLabel("Occupation").fill("Operator and pharmacist");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Your details have been saved.")).toBeVisible();
    // The choice changes only once the profile is saved (product §4), so click and wait rather than check().
    await page.getByRole("radio", { name: "Northern Ireland" }).click();
    await expect(page.getByRole("radio", { name: "Northern Ireland" })).toBeChecked();
    await page.reload();
    await expect(page.getByLabel("Occupation")).toHaveValue("Operator and pharmacist");
    await expect(page.getByRole("radio", { name: "Northern Ireland" })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: "England & Wales" }).click();
    await expect(page.getByRole("radio", { name: "England & Wales" })).toBeChecked();
  });
});
