import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as listRowsRoute } from "@/app/api/lists/[id]/rows/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { importFile } from "@/features/imports/service";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { listTermMatch } from "@/features/tariff/queries";
import { insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { hasRealData, realFile } from "@tests/fixtures/real-data";
import { actAs } from "@tests/fixtures/request-context";
import { readGzippedRows } from "@tests/fixtures/rows-response";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * A list's search on a real month of Part VIIIA (July 2026, 3,535 lines), through the real routes:
 * the rows a term keeps, when the page says it shows near spellings, and the global search's
 * sections agreeing with the pages their 'View all results' open.
 */
const database = setupTestDatabase();
const origin = "http://localhost:3000";
const month = "2026-07";
let subscriber: TestUser;

beforeAll(async () => {
  if (!hasRealData) return;
  const outcome = await importFile(
    database.db,
    realFile("costmos-processed", "drug_tariff_viii_a_202607.csv"),
    { actor: "test:list-search" },
  );
  expect(outcome).toMatchObject({ part: "viiia", period: month, rows: 3535, status: "imported" });
  subscriber = await insertUser({ subscribed: true });
});
beforeEach(() => clearDataVersionCache());

/** Part VIIIA's rows for a search term, as the page's table fetches them. */
async function rows(searchTerm: string): Promise<Record<string, unknown>[]> {
  await actAs(subscriber);
  const query = new URLSearchParams({ month, searchTerm });
  const response = await listRowsRoute(new Request(`${origin}/api/lists/partviiia/rows?${query}`), {
    params: Promise.resolve({ id: "partviiia" }),
  });
  expect(response.status).toBe(200);
  return readGzippedRows(response);
}

const medicines = async (searchTerm: string) => (await rows(searchTerm)).map((row) => String(row.medicine));
const termMatch = (searchTerm: string) => listTermMatch("partviiia", 1, `${month}-01`, { searchTerm });

describe.skipIf(!hasRealData)("searching a real Part VIIIA month", () => {
  it("a full name gives that medicine's packs, not every pack sharing its first word", async () => {
    expect(await medicines("aciclovir 200mg dispersible tablets")).toEqual([
      "Aciclovir 200mg dispersible tablets",
    ]);
    expect(await termMatch("aciclovir 200mg dispersible tablets")).toBe("exact");
    // Shortened words still begin the name's words.
    expect(await medicines("acic 200mg disp")).toEqual(["Aciclovir 200mg dispersible tablets"]);
  });

  it("`amox` finds Amoxicillin and Co-amoxiclav, and not Tamoxifen", async () => {
    const found = await medicines("amox");
    expect(found).toHaveLength(20);
    expect(found.filter((name) => name.startsWith("Amoxicillin "))).toHaveLength(11);
    expect(found.filter((name) => name.startsWith("Co-amoxiclav "))).toHaveLength(9);
    expect(found.some((name) => /tamoxifen/i.test(name))).toBe(false);
  });

  it("`amoxicillin` finds the amoxicillins only: no near spelling such as Phenoxymethylpenicillin", async () => {
    const found = await medicines("amoxicillin");
    expect(found).toHaveLength(11);
    expect(found.every((name) => name.startsWith("Amoxicillin "))).toBe(true);
  });

  it("a misspelling finds near spellings, and the page is told that is all it shows", async () => {
    expect(await termMatch("amoxicillin")).toBe("exact");
    expect(await termMatch("amoxicilin")).toBe("near");
    expect((await medicines("amoxicilin"))[0]).toMatch(/^Amoxicillin /);
    expect(await termMatch("zzqqxx")).toBe("none");
    expect(await medicines("zzqqxx")).toEqual([]);
  });

  it("the global search's Part VIIIA section is the first rows of the page its 'View all results' opens", async () => {
    await actAs(subscriber);
    for (const term of ["amox", "amoxicillin", "aciclovir 200mg dispersible tablets", "amoxicilin", "tab"]) {
      const response = await searchRoute(
        new Request(`${origin}/api/search?${new URLSearchParams({ q: term, parts: "viiia", month })}`),
        undefined,
      );
      expect(response.status).toBe(200);
      const [section] = ((await response.json()) as { sections: SearchSection[] }).sections;
      const viewAll = new URL(section!.viewAllHref, origin);
      expect(viewAll.searchParams.get("searchTerm")).toBe(term);
      const page = await rows(term);
      expect(section!.total, term).toBe(page.length);
      expect(
        section!.results.map((result) => result.code),
        term,
      ).toEqual(page.slice(0, 5).map((row) => row.vmppSnomedCode));
    }
  });
});

type SearchSection = { total: number; viewAllHref: string; results: { code: string | null }[] };
