import fs from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { headers, nhsbsaCsv } from "../../src/features/imports/layout-writers";
import { createOrganisation, createPerson, importTariffFile } from "../e2e/database";
import { demo, expect, signInByApi, test, uniqueEmail, waitForHydration } from "../e2e/fixtures";

/**
 * Issue 16's evidence for docs/security.md R15 and abuse case 9: 50 XSS payloads through every URL parameter
 * the pages read, the text inputs, and the fields of an imported file, all rendered inert. Every payload
 * calls `window.__xss(n)` (or opens a dialog) if it ever runs; the test also looks for live markup it could
 * have planted (an inline handler, a `javascript:` link, a frame) and for refusals by the CSP, which would
 * mean markup got through React's escaping and only the policy stopped it.
 */

const call = (n: number) => `__xss(${n})`;
const payloads: string[] = [
  (n: number) => `<script>${call(n)}</script>`,
  (n: number) => `<img src=x onerror=${call(n)}>`,
  (n: number) => `"><img src=x onerror=${call(n)}>`,
  (n: number) => `'><img src=x onerror=${call(n)}>`,
  (n: number) => `<svg onload=${call(n)}>`,
  (n: number) => `"><svg/onload=${call(n)}>`,
  (n: number) => `</script><script>${call(n)}</script>`,
  (n: number) => `</title><script>${call(n)}</script>`,
  (n: number) => `</textarea><script>${call(n)}</script>`,
  (n: number) => `<body onload=${call(n)}>`,
  (n: number) => `<iframe src="javascript:${call(n)}"></iframe>`,
  (n: number) => `<iframe srcdoc="<script>parent.${call(n)}</script>"></iframe>`,
  (n: number) => `<a href="javascript:${call(n)}">x</a>`,
  (n: number) => `javascript:${call(n)}`,
  (n: number) => `JaVaScRiPt:${call(n)}`,
  (n: number) => `java\tscript:${call(n)}`,
  (n: number) => `data:text/html,<script>${call(n)}</script>`,
  (n: number) => `<details open ontoggle=${call(n)}>`,
  (n: number) => `<input autofocus onfocus=${call(n)}>`,
  (n: number) => `<video><source onerror=${call(n)}></video>`,
  (n: number) => `<audio src=x onerror=${call(n)}>`,
  (n: number) => `<object data="javascript:${call(n)}"></object>`,
  (n: number) => `<embed src="javascript:${call(n)}">`,
  (n: number) => `<math><mtext><table><mglyph><style><img src=x onerror=${call(n)}>`,
  (n: number) => `<svg><script>${call(n)}</script></svg>`,
  (n: number) => `<svg><animate onbegin=${call(n)} attributeName=x dur=1s>`,
  (n: number) => `<marquee onstart=${call(n)}>x</marquee>`,
  (n: number) => `<div style="animation-name:x" onanimationstart=${call(n)}></div>`,
  (n: number) => `<form><button formaction="javascript:${call(n)}">x</button></form>`,
  (n: number) => `<meta http-equiv="refresh" content="0;url=javascript:${call(n)}">`,
  (n: number) => `<base href="javascript:${call(n)}//">`,
  (n: number) => `<link rel=import href="data:text/html,<script>${call(n)}</script>">`,
  (n: number) => `"onmouseover="${call(n)}" x="`,
  (n: number) => `' onfocus='${call(n)}' autofocus x='`,
  (n: number) => `{{constructor.constructor('${call(n)}')()}}`,
  (n: number) => `\${${call(n)}}`,
  (n: number) => `"};${call(n)};//`,
  (n: number) => `';${call(n)};//`,
  (n: number) => `\\u003cscript\\u003e${call(n)}\\u003c/script\\u003e`,
  (n: number) => `%3Cscript%3E${call(n)}%3C/script%3E`,
  (n: number) => `&lt;script&gt;${call(n)}&lt;/script&gt;`,
  (n: number) => `<scr<script>ipt>${call(n)}</scr</script>ipt>`,
  (n: number) => `<SCRIPT SRC=data:,${call(n)}></SCRIPT>`,
  (n: number) => `<img src="x" onerror="&#${"_".charCodeAt(0)};&#${"_".charCodeAt(0)};xss(${n})">`,
  (n: number) => `<!--<img src="--><img src=x onerror=${call(n)}//">`,
  (n: number) => `<noscript><p title="</noscript><img src=x onerror=${call(n)}>">`,
  (n: number) => `<style>@import 'javascript:${call(n)}';</style>`,
  (n: number) => `<x contenteditable onblur=${call(n)}>x</x>`,
  (n: number) => `\u0000<script>${call(n)}</script>`,
  (n: number) => `<img src=x:alert(${n}) onerror=eval(src)>`,
].map((make, index) => make(index + 1));

test.describe.configure({ mode: "parallel" });

type Watch = { dialogs: string[]; renders: number };

/** Watches a page for a payload that runs: `__xss` calls, dialogs, and CSP refusals of inline code. */
async function watch(page: Page): Promise<Watch> {
  const watched: Watch = { dialogs: [], renders: 0 };
  page.on("dialog", async (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    const hits: string[] = [];
    Object.defineProperty(window, "__xssHits", { value: hits });
    (window as unknown as { __xss: (n: number) => void }).__xss = (n) => hits.push(`ran payload ${n}`);
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.effectiveDirective.startsWith("script-src") || event.effectiveDirective.startsWith("frame"))
        hits.push(`CSP refused ${event.effectiveDirective} ${event.blockedURI || "inline code"}`);
    });
  });
  return watched;
}

/**
 * What a payload left on the page: calls it made, and markup that could run: an inline handler, a
 * link or frame to a script URL, a `<base>` or refresh, or an inline script without the page's nonce
 * (ours all carry it; one parsed out of echoed input would not). A `srcdoc` frame counts unless it is
 * sandboxed without scripts (as the dev mailbox shows e-mails), and then its document is checked too.
 */
async function planted(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = [...((window as unknown as { __xssHits?: string[] }).__xssHits ?? [])];
    const scriptUrl = /^(javascript|vbscript|data:text\/html)/;
    // `top` is the page itself; a sandboxed frame's document can neither navigate nor run scripts.
    const scan = (root: Document, where: string, top: boolean) => {
      for (const element of root.querySelectorAll("*")) {
        for (const attribute of element.getAttributeNames()) {
          const value = (element.getAttribute(attribute) ?? "").replace(/[\u0000-\u0020]/g, "").toLowerCase();
          if (/^on/i.test(attribute)) found.push(`${where}<${element.localName} ${attribute}>`);
          if (/^(href|src|action|formaction|data|xlink:href)$/i.test(attribute) && scriptUrl.test(value))
            found.push(`${where}<${element.localName} ${attribute}="${value.slice(0, 60)}">`);
        }
        if (element.localName === "iframe" && element.hasAttribute("srcdoc")) {
          const sandbox = element.getAttribute("sandbox");
          if (sandbox === null || /allow-scripts/i.test(sandbox))
            found.push(`${where}<iframe srcdoc> that may run scripts`);
          else
            scan(
              new DOMParser().parseFromString(element.getAttribute("srcdoc") ?? "", "text/html"),
              `${where}srcdoc: `,
              false,
            );
        }
        if (
          top &&
          (element.localName === "base" ||
            (element.localName === "meta" && element.getAttribute("http-equiv")))
        )
          found.push(`${where}<${element.localName}>`);
        if (
          element.localName === "script" &&
          !element.getAttribute("src") &&
          !(top && (element as HTMLScriptElement).nonce)
        )
          found.push(`${where}inline <script>: ${(element.textContent ?? "").slice(0, 60)}`);
      }
    };
    scan(document, "", true);
    return found;
  });
}

async function expectInert(page: Page, watched: Watch, where: string) {
  watched.renders += 1;
  expect(await planted(page), where).toEqual([]);
  expect(watched.dialogs, where).toEqual([]);
}

function recordFigure(name: string, figure: Record<string, unknown>) {
  const dir = process.env.SECURITY_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `xss-${name}.json`),
    JSON.stringify({ payloads: payloads.length, ...figure }),
  );
}

/** Every URL parameter a page reads (the product's routes), for a signed-in subscriber or a visitor. */
const urlSurfaces: { name: string; signedIn: boolean; url: (p: string) => string }[] = [
  {
    name: "list searchTerm, category and month",
    signedIn: true,
    url: (p) => `/drug-tariff-parts/partviiia?searchTerm=${p}&category=${p}&month=${p}`,
  },
  { name: "insights month", signedIn: true, url: (p) => `/insights/price-changes-partviiia?month=${p}` },
  { name: "product from", signedIn: true, url: (p) => `/signed-in/drug/${p}?from=${p}` },
  {
    name: "sign-in redirect and email",
    signedIn: false,
    url: (p) => `/account-management/signin?redirect=${p}&email=${p}`,
  },
  {
    name: "verify email, redirect and plan",
    signedIn: false,
    url: (p) => `/account-management/verify?email=${p}&redirect=${p}&plan=${p}`,
  },
  {
    name: "update-password token and error",
    signedIn: false,
    url: (p) => `/account-management/update-password?token=${p}&error=${p}`,
  },
  { name: "unsubscribe token", signedIn: false, url: (p) => `/account-management/unsubscribe?token=${p}` },
  {
    name: "delegate-signup token",
    signedIn: false,
    url: (p) => `/account-management/delegate-signup?token=${p}`,
  },
  { name: "mailbox to", signedIn: false, url: (p) => `/dev/mailbox?to=${p}` },
  { name: "public product code", signedIn: false, url: (p) => `/drug-info/${p}` },
  { name: "blog slug", signedIn: false, url: (p) => `/blog/${p}` },
];

for (const surface of urlSurfaces) {
  test(`URL parameter: ${surface.name} renders 50 payloads inert @desktop`, async ({ page, baseURL }) => {
    test.setTimeout(1_200_000);
    const watched = await watch(page);
    if (surface.signedIn) await signInByApi(page, baseURL!, demo.delegate);
    for (const payload of payloads) {
      const url = surface.url(encodeURIComponent(payload));
      const response = await page.goto(url, { waitUntil: "load" });
      expect(response?.status() ?? 0, url).toBeLessThan(500);
      await expectInert(page, watched, `${surface.name}: ${payload}`);
    }
    recordFigure(`url-${surface.name.replace(/\W+/g, "-")}`, {
      surface: surface.name,
      renders: watched.renders,
      ran: 0,
    });
  });
}

test("text input: the list search box renders 50 payloads inert @desktop", async ({ page, baseURL }) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  await signInByApi(page, baseURL!, demo.delegate);
  await page.goto("/drug-tariff-parts/partviiia");
  const search = page.getByRole("searchbox", { name: "Search medicines" });
  await expect
    .poll(
      () => search.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  for (const payload of payloads) {
    await search.fill(payload);
    await expect(page).toHaveURL(/searchTerm=/);
    await expectInert(page, watched, `search box: ${payload}`);
  }
  recordFigure("input-list-search", { surface: "list search box", renders: watched.renders, ran: 0 });
});

test("text input: the sign-in form renders 50 payloads inert @desktop", async ({ page }) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  await page.goto("/account-management/signin");
  await waitForHydration(page.getByLabel("Email"));
  for (const payload of payloads) {
    await page.getByLabel("Email").fill(payload);
    await page.getByLabel("Password").fill(payload);
    await page.getByRole("button", { name: "Login" }).click();
    // The form's own message (an invalid address, or the server's answer) is where input could echo.
    await expect(page.getByRole("main").getByRole("alert")).not.toHaveText("");
    await expectInert(page, watched, `sign-in form: ${payload}`);
  }
  recordFigure("input-sign-in", { surface: "sign-in form", renders: watched.renders, ran: 0 });
});

test("text input: personal details saved and shown back render 50 payloads inert @desktop", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  const person = await createPerson(uniqueEmail("xss-details"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);
  let saved = 0;
  for (const payload of payloads) {
    await page.goto("/account-management/dashboard?section=personal-details");
    await waitForHydration(page.getByLabel("Occupation"));
    await page.getByLabel("First name").fill(payload.slice(0, 80));
    await page.getByLabel("Last name").fill(payload.slice(0, 80));
    await page.getByLabel("Occupation").fill(payload.slice(0, 80));
    await page.getByRole("button", { name: "Save details" }).click();
    const done = page.getByText("Your details have been saved.");
    await expect(done.or(page.getByText(/characters we cannot accept/).first())).toBeVisible();
    if (await done.isVisible()) saved += 1;
    await expectInert(page, watched, `personal details: ${payload}`);
    // Shown back: the form's values and the user block of the app's menu, after a fresh load.
    await page.reload({ waitUntil: "load" });
    await expectInert(page, watched, `personal details, reloaded: ${payload}`);
  }
  recordFigure("input-personal-details", {
    surface: "personal details (stored, shown back)",
    renders: watched.renders,
    stored: saved,
    refusedByTheForm: payloads.length - saved,
    ran: 0,
  });
});

test("import fields: a Part VIIIA file whose names, units and codes are payloads renders inert @desktop", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  // A NUL byte makes any file binary (the importer refuses it whole): that payload goes in without it,
  // in every column.
  const rows = payloads.map((payload, index) => [
    payload.replace(/\u0000/g, ""),
    index + 1,
    payload.replace(/\u0000/g, "").slice(0, 40),
    `9${String(index).padStart(16, "0")}`,
    `8${String(index).padStart(16, "0")}`,
    "Part VIIIA Category C",
    100 + index,
  ]);
  const imported = importTariffFile(
    "Part VIIIA Jan 20.csv",
    nhsbsaCsv({ title: "Part VIIIA January 2020", header: headers.viiia, rows }),
  );
  expect(imported).toMatch(/"status":"(imported|unchanged)"/);

  await signInByApi(page, baseURL!, demo.delegate);
  await page.goto("/drug-tariff-parts/partviiia?month=2020-01", { waitUntil: "load" });
  // The month's 50 names are all payloads; the table draws a screenful of them, in name order.
  await expect(page.getByText("50 rows")).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByRole("table", { name: "Part VIIIA, January 2020" })
      .getByRole("link", { name: /__xss\(\d+\)/ })
      .first(),
  ).toBeVisible();
  await expectInert(page, watched, "Part VIIIA list of the imported month");
  for (const [index, payload] of payloads.entries()) {
    await page.goto(
      `/drug-tariff-parts/partviiia?month=2020-01&searchTerm=${encodeURIComponent(payload.slice(0, 20))}`,
      {
        waitUntil: "load",
      },
    );
    await expectInert(page, watched, `imported name ${index + 1}: ${payload}`);
  }
  recordFigure("import-partviiia", {
    surface: "Part VIIIA import (name, unit)",
    renders: watched.renders,
    ran: 0,
  });
});

test("text input: the custom-plan enquiry, stored and e-mailed to sales, renders 50 payloads inert @desktop", async ({
  page,
}) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  let stored = 0;
  for (const [index, payload] of payloads.entries()) {
    // The enquiry is limited per client address and per e-mail: each payload comes from a new one.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.18.${100 + (index >> 8)}.${index & 255}` });
    await page.goto("/pricing/choose-your-plan");
    await page.getByRole("radio", { name: /More than 10 users/ }).check();
    await waitForHydration(page.getByLabel("Your name"));
    await page.getByLabel("Your name").fill(payload.slice(0, 100));
    await page.getByLabel("Email").fill(uniqueEmail("xss-enquiry"));
    await page.getByLabel("Organisation name").fill(payload.slice(0, 100));
    await page.getByLabel("Number of users").fill("40");
    await page.getByLabel(/Anything else/).fill(payload);
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const sent = page.getByRole("status").filter({ hasText: "We have your enquiry" });
    await expect(sent.or(page.getByRole("main").getByRole("alert").first())).toBeVisible();
    if (await sent.isVisible()) stored += 1;
    await expectInert(page, watched, `enquiry form: ${payload}`);
  }
  // Shown back: the sales team's e-mails, as the dev mailbox lists them.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent("sales@tariffscope.co.uk")}`, { waitUntil: "load" });
  await expectInert(page, watched, "the sales mailbox with every enquiry");
  recordFigure("input-enquiry", {
    surface: "custom-plan enquiry (stored, e-mailed)",
    renders: watched.renders,
    stored,
    ran: 0,
  });
});

test("text input: Add User's search and invite, and the names it finds, render 50 payloads inert @desktop", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(1_200_000);
  const watched = await watch(page);
  const org = await createOrganisation({ seats: 5, label: "xss" });
  await signInByApi(page, baseURL!, org.admin.email, org.admin.password);
  await page.goto("/account-management/dashboard?section=manage-users");
  await waitForHydration(page.getByRole("button", { name: "Add User" }));
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  const email = dialog.getByLabel("Email");
  const answered = dialog
    .getByRole("alert")
    .filter({ hasText: /\S/ })
    .or(dialog.getByText("No User Found"))
    .or(dialog.getByRole("button", { name: "Send request" }));
  let invited = 0;
  // Typed into the e-mail field: searched for, and invited when the search finds no one.
  for (const payload of payloads) {
    await email.fill(payload);
    await dialog.getByRole("button", { name: "Search" }).click();
    await expect(answered.first()).toBeVisible();
    if (await dialog.getByRole("button", { name: "Invite" }).isVisible()) {
      await dialog.getByRole("button", { name: "Invite" }).click();
      invited += 1;
    }
    await expectInert(page, watched, `Add User e-mail: ${payload}`);
  }
  // Stored: registered users whose chosen names are the payloads, as the admin's search shows them.
  for (const [index, payload] of payloads.entries()) {
    // PostgreSQL text holds no NUL: that payload is stored without it.
    const firstName = payload.replace(/\u0000/g, "").slice(0, 80);
    const person = await createPerson(uniqueEmail(`xss-name-${index}`), { firstName });
    await email.fill(person.email);
    await dialog.getByRole("button", { name: "Search" }).click();
    await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
    await expectInert(page, watched, `Add User found name: ${payload}`);
  }
  await page.reload({ waitUntil: "load" });
  await expectInert(page, watched, "Manage Users after the invitations");
  recordFigure("input-add-user", {
    surface: "Add User search, invite and found names",
    renders: watched.renders,
    invited,
    ran: 0,
  });
});
