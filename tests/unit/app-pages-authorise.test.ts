import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * ADR 001: every page of the signed-in app authorises itself, server-side, with one of the `require…()`
 * functions of `lib/session.ts`, rather than leaving it to a component it happens to render. This
 * reads each page's source, so a new page without the call fails here before it is ever served.
 */
const appDir = path.resolve(import.meta.dirname, "../../src/app/(app)");

/** Pages that deliberately serve someone without a subscription, and why. */
const exempt: Record<string, string> = {
  // A product page in the app shell shows the public page's content (ADR 042); its watchlist actions check.
  "signed-in/[kind]/[code]/page.tsx": "public product content",
};

/** The owner console: only the owner accounts may see it. */
const ownerPages = ["user-analytics/", "user-master-management/"];

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "page.tsx")
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

/** The `require…` functions a page awaits, imported from the session module. */
function requireCalls(source: string): string[] {
  const code = withoutComments(source);
  if (!/from "@\/lib\/session"/.test(code)) return [];
  return [...code.matchAll(/await\s+(require(?:User|Subscriber|Admin|Owner))\(/g)].map((match) => match[1]!);
}

const pages = pagesUnder(appDir);
const read = (page: string) => readFileSync(path.join(appDir, page), "utf8");

describe("pages of the signed-in app", () => {
  it("finds the pages, the list pages and the owner console among them", () => {
    expect(pages).toContain("drug-tariff-parts/partviiia/page.tsx");
    expect(pages).toContain("insights/category-changes/page.tsx");
    expect(pages).toContain("user-master-management/page.tsx");
    expect(pages.length).toBeGreaterThanOrEqual(26);
  });

  it.each(pages.filter((page) => !(page in exempt)))("%s calls a require function itself", (page) => {
    expect(requireCalls(read(page))).not.toEqual([]);
  });

  it.each(pages.filter((page) => ownerPages.some((prefix) => page.startsWith(prefix))))(
    "%s is for the owner accounts only",
    (page) => {
      expect(requireCalls(read(page))).toContain("requireOwner");
    },
  );

  it("names only pages that exist among its exceptions", () => {
    for (const page of Object.keys(exempt)) expect(pages).toContain(page);
  });

  it("does not count an import, a comment or another function as the check", () => {
    const imported = 'import { requireSubscriber } from "@/lib/session";\n';
    expect(requireCalls(`${imported}export default function Page() {}`)).toEqual([]);
    expect(requireCalls(`${imported}// await requireSubscriber("/x");\n`)).toEqual([]);
    expect(requireCalls(`${imported}const user = await getCurrentUser();`)).toEqual([]);
    expect(requireCalls(`${imported}const user = await requireSubscriber("/x");`)).toEqual([
      "requireSubscriber",
    ]);
  });
});
