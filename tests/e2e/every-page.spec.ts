import fs from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { classifyRoute, isSignedInProductPath } from "../../src/features/access/route-classes";
import { blogSlugs } from "../../src/features/blog/posts";
import { expectNoAxeViolations } from "../fixtures/axe";
import { createApiKey, createOrganisation, createPerson, queryRows, type Person } from "./database";
import { demo, demoPassword, expect, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * Every page of the app, found from its own route files, at each project's width (375px on the
 * phone): a visitor opens each public page; a subscriber (an organisation's admin, so Manage Users
 * has a table) opens each subscriber page and the public pages that differ when signed in; the owner
 * opens the owner pages. No page may be wider than the screen, and each passes axe. A new page is
 * covered as it is added; a new dynamic segment must say below how to reach it.
 */
const appDir = path.resolve("src/app");

/** `src/app/(marketing)/blog/[slug]/page.tsx` → `/blog/[slug]`. */
function routePatterns(dir = appDir, segments: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
      const grouped = entry.name.startsWith("(") && entry.name.endsWith(")");
      found.push(
        ...routePatterns(path.join(dir, entry.name), grouped ? segments : [...segments, entry.name]),
      );
    } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
      found.push(`/${segments.join("/")}`);
    }
  }
  return found.sort();
}

type Audience = "visitor" | "subscriber" | "owner";
type Context = { page: Page; baseURL: string };

/** The first page a product sitemap lists: the app's own index of its product pages. */
const firstInSitemap =
  (stem: string) =>
  async ({ page }: Context): Promise<string[]> => {
    const xml = await (await page.request.get(`/sitemaps/${stem}-1.xml`)).text();
    const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
    expect(loc, `the ${stem} sitemap lists a page`).toBeDefined();
    return [new URL(loc!).pathname];
  };

/** How to reach each dynamic route, and who can (default: as its route class says). */
const dynamicRoutes: Record<
  string,
  { reach: (context: Context) => Promise<string[]>; audiences?: Audience[] }
> = {
  "/blog/[slug]": { reach: async () => blogSlugs.map((slug) => `/blog/${slug}`) },
  "/drug-info/[code]": { reach: firstInSitemap("drug-info") },
  "/appliance-info/[code]": { reach: firstInSitemap("appliance-info") },
  "/brand-info/[code]": { reach: firstInSitemap("brand-info") },
  // A licence with a user, an open invitation, an API key and a history, so every table of the page
  // has rows.
  "/user-master-management/licences/[licenceId]": {
    reach: async () => {
      const org = await createOrganisation({ seats: 3, delegates: 1, label: "owner-licence" });
      await queryRows(
        `insert into licence_invites (license_id, email, token_hash, expires_at)
         values ($1, $2, $3, now() + interval '7 days')`,
        [org.licenceId, uniqueEmail("invited"), `every-page-${org.licenceId}`],
      );
      await queryRows(
        `insert into owner_audit_log (actor_id, actor_email, action, license_id, reason, before, after)
         values ('demo-owner', $2, 'licence.seats_changed', $1, 'A reason long enough to wrap on a phone screen', '{"seats":2}', '{"seats":3}')`,
        [org.licenceId, demo.owner],
      );
      await createApiKey(org.licenceId, "Stock system at the Riverside branch");
      return [`/user-master-management/licences/${org.licenceId}`];
    },
  },
  // Only its payer may open a checkout: a signed-in user without a plan starts one.
  "/payment/test-checkout/[session]": {
    audiences: ["subscriber"],
    reach: async ({ page, baseURL }) => {
      const payer = await createPerson(uniqueEmail("payer"));
      await signInByApi(page, baseURL, payer.email, payer.password);
      await page.goto("/pricing/choose-your-plan?plan=single");
      await page.getByRole("button", { name: "Start free trial" }).click();
      await expect(page).toHaveURL(/\/payment\/test-checkout\/tcs_/);
      return [new URL(page.url()).pathname];
    },
  },
};

/**
 * The public pages that a signed-in user sees differently (the app's shell or their own plan), and so
 * are opened by a subscriber too. The rest show a subscriber what they show a visitor, under the
 * same top bar these pages already check.
 */
const signedInVariants = new Set([
  "/",
  "/pricing/plans",
  "/pricing/choose-your-plan",
  "/blog/blog-index",
  "/drug-info/[code]",
  "/appliance-info/[code]",
  "/brand-info/[code]",
]);

function audiencesOf(pattern: string): Audience[] {
  const declared = dynamicRoutes[pattern]?.audiences;
  if (declared) return declared;
  const routeClass = classifyRoute(pattern);
  if (routeClass === "owner") return ["owner"];
  if (routeClass !== "public") return ["subscriber"];
  return signedInVariants.has(pattern) ? ["visitor", "subscriber"] : ["visitor"];
}

/**
 * Waits for what a page loads after it arrives (a list's rows, busy until then), then checks it.
 * Not "network idle": the desktop sidebar's links prefetch for as long as the machine is slow.
 */
async function expectFitsAndPassesAxe(page: Page, url: string) {
  await page.waitForLoadState("load");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, `${url} is no wider than the screen`).toBeLessThanOrEqual(widths.screen);
  // The dev mailbox shows each e-mail in a frame of its own: up to fifty documents that are not the
  // page, and would take axe minutes to enter.
  await expectNoAxeViolations(page, { exclude: ["iframe[srcdoc]"] });
}

/**
 * One organisation per worker: its admin has a long e-mail, as real ones are, so a table of
 * users must show it whole without widening the page.
 */
const pagesTest = test.extend<object, { admin: Person }>({
  admin: [
    async ({}, use) => {
      const org = await createOrganisation({ seats: 5, delegates: 2, label: "every-page" });
      await createPerson(`${"community.pharmacy.superintendent"}-${Date.now().toString(36)}@example.test`, {
        licenceId: org.licenceId,
        delegate: true,
        subscribed: true,
      });
      await use(org.admin);
    },
    { scope: "worker" },
  ],
});

const patterns = routePatterns().filter((pattern) => !isSignedInProductPath(pattern));

test("the route files were found", () => {
  expect(patterns).toEqual(expect.arrayContaining(["/", "/drug-tariff-parts/partviiia", "/blog/[slug]"]));
});

for (const pattern of patterns) {
  for (const audience of audiencesOf(pattern)) {
    const who = audience === "owner" ? "the owner" : `a ${audience}`;
    pagesTest(
      `${pattern} as ${who} fits the screen and passes axe`,
      { tag: "@phone" },
      async ({ page, baseURL, admin }) => {
        test.setTimeout(120_000);
        if (audience === "subscriber") await signInByApi(page, baseURL!, admin.email, admin.password);
        if (audience === "owner") await signInByApi(page, baseURL!, demo.owner, demoPassword);
        const dynamic = dynamicRoutes[pattern];
        expect(dynamic || !pattern.includes("["), `${pattern} needs a way to reach it`).toBeTruthy();
        const urls = dynamic ? await dynamic.reach({ page, baseURL: baseURL! }) : [pattern];
        const visited = new Set<string>();
        for (const url of urls) {
          const response = await page.goto(url);
          expect(response?.status(), url).toBeLessThan(500);
          await expectFitsAndPassesAxe(page, url);
          visited.add(url);
          // A page's own sections (e.g. the account's tabs) are pages too: the same path, another query.
          const here = new URL(page.url());
          const sections = await page
            .locator("main nav a[href]")
            .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
          for (const href of sections) {
            const target = new URL(href);
            const key = `${target.pathname}${target.search}`;
            if (target.pathname !== here.pathname || target.search === here.search || visited.has(key))
              continue;
            visited.add(key);
            await page.goto(key);
            await expectFitsAndPassesAxe(page, key);
          }
        }
      },
    );
  }
}
