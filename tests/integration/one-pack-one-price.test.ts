import fs from "node:fs";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as listRowsRoute } from "@/app/api/lists/[id]/rows/route";
import { GET as packRoute } from "@/app/api/packs/[code]/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { tableCsv } from "@/components/data-table/csv";
import type { DataRow } from "@/components/data-table/format";
import { categoryMPrices, partViiiaPrices, profiles, watchlistItems, watchlists } from "@/db/schema";
import { importFile } from "@/features/imports/service";
import { marginOwnerOf } from "@/features/margins/access";
import { getUpload, saveUpload } from "@/features/margins/queries";
import { readTable } from "@/features/margins/read-upload";
import { clearDataVersionCache } from "@/lib/data-version-cache";
import { lists } from "@/features/tariff/lists";
import type { PackPrice } from "@/features/tariff/pack-price";
import {
  getEditionComparison,
  getPacksReimbursement,
  monthPricing,
  type MonthPricing,
} from "@/features/tariff/reimbursement-queries";
import type { PackMoney } from "@/features/tariff/reimbursement";
import { monthInForceOf } from "@/features/tariff/pack-months";
import { getWatchlistDetail } from "@/features/watchlists/queries";
import { currentUserOf, insertUser, type TestUser } from "@tests/fixtures/accounts";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { hasRealData, realFile } from "@tests/fixtures/real-data";
import { actAs } from "@tests/fixtures/request-context";
import { readGzippedRows } from "@tests/fixtures/rows-response";
import { readSpreadsheetCsv } from "@tests/fixtures/spreadsheet-csv";
import { tariffFileFolder } from "@tests/fixtures/tariff-files";

vi.mock("next/headers", async () => (await import("@tests/fixtures/request-context")).nextHeaders);

/**
 * One pack, one price (docs/product.md §3.2): for every pack of a real month, in both editions, the
 * pricing model's money is what every page serves: the Part VIIIA and Category M rows routes, the
 * Part VIIIA CSV export, the product page's table, the pack JSON, the global search, a watchlist,
 * the margin check and /compare-editions. The month is NHSBSA's July 2025 Part VIIIA and Category M as published; its
 * concessions are CPE's December 2023 list granted again for July 2025 (no real list of that month
 * is kept), and Northern Ireland's Part I and Zero Discount List are made from the real England &
 * Wales rows by Northern Ireland's rules (no Northern Ireland file is published openly).
 */
const database = setupTestDatabase();
const files = tariffFileFolder("one-price");
const origin = "http://localhost:3000";
const month = "2025-07";
const period = `${month}-01`;
/** Mid-July 2025: July is the month in force. */
const july = new Date("2025-07-15T12:00:00Z");

type Edition = 1 | 2;
type Pack = {
  code: string;
  medicine: string;
  category: string;
  pricePence: number;
  packSize: number;
  unit: string | null;
};

/** Every figure compared, and each that differs, with where. */
const compared = { figures: 0, packs: new Set<string>(), differences: [] as string[] };

function compare(where: string, code: string, field: string, shown: unknown, expected: unknown) {
  compared.figures += 1;
  compared.packs.add(code);
  if (shown !== expected)
    compared.differences.push(`${where} ${code} ${field}: shown ${String(shown)}, model ${String(expected)}`);
}

/** The money fields every page shows, compared with the model's. */
function compareMoney(
  where: string,
  code: string,
  shown: { concession: unknown; rate: unknown; net: unknown },
  money: PackMoney,
) {
  compare(where, code, "concession", shown.concession ?? null, money.concessionPence);
  compare(where, code, "discount", shown.rate, money.rateBp === null ? null : money.rateBp / 100);
  compare(where, code, "net", shown.net ?? null, money.perPackPence);
}

let subscriber: TestUser;
let northernSubscriber: TestUser;
const packs = new Map<Edition, Pack[]>();
const pricing = new Map<Edition, MonthPricing>();
const moneyOf = (edition: Edition, pack: Pack) =>
  pricing.get(edition)!.money({
    kind: "drug",
    codes: [pack.code],
    category: pack.category,
    pricePence: pack.pricePence,
    packSize: pack.packSize,
    unit: pack.unit,
  });

/** Northern Ireland's Part I for the month, from England & Wales' rows: its own prices and categories. */
function northernIrelandPartI(rows: (typeof partViiiaPrices.$inferSelect)[]): string {
  const quoted = (cell: string | number | null) => `"${String(cell ?? "").replaceAll('"', '""')}"`;
  const lines = rows.map((row, index) =>
    [
      row.medicine,
      Number(row.packSize),
      row.unitOfMeasure,
      row.vmpSnomedCode,
      row.vmppSnomedCode,
      // Northern Ireland has no Category H; it prices most packs as England does, some 3% higher.
      `Part I Category ${row.category === "H" ? "C" : row.category}`,
      Math.round(row.basicPricePence * (index % 7 === 0 ? 1.03 : 1)),
    ]
      .map(quoted)
      .join(","),
  );
  return [
    "Medicine,Pack size,Unit of measure,VMP Snomed Code,VMPP Snomed Code,Drug Tariff Category,Basic Price",
    ...lines,
  ].join("\n");
}

beforeAll(async () => {
  if (!hasRealData) return;
  vi.useFakeTimers({ toFake: ["Date"], now: july });
  const { db } = database;
  const load = async (file: string) => {
    const outcome = await importFile(db, file, { actor: "test:one-price" });
    expect(outcome.status, `${file}: ${"message" in outcome ? outcome.message : ""}`).toBe("imported");
  };
  await load(realFile("nhsbsa-raw", "viii_a_202507.csv"));
  await load(realFile("nhsbsa-raw", "cat_m_202507.csv"));
  const december = fs.readFileSync(realFile("cpe-concessions", "cpe_price_concessions_2023-12.csv"), "utf8");
  await load(
    files.write("cpe_price_concessions_2025-07.csv", december.replaceAll(/^2023-12,/gm, `${month},`)),
  );
  const englandAndWales = await db
    .select()
    .from(partViiiaPrices)
    .where(and(eq(partViiiaPrices.edition, 1), eq(partViiiaPrices.period, period)))
    .orderBy(partViiiaPrices.vmppSnomedCode);
  await load(files.write("NI Drug Tariff Part I July 2025.csv", northernIrelandPartI(englandAndWales)));
  // Northern Ireland's Zero Discount List: every 50th Part VIIIA pack.
  await load(
    files.write(
      "NI Zero Discount List July 2025.csv",
      [
        "Drug Name,Pack size,Unit of measure,VMPP Snomed Code,AMPP Snomed Code,Notes",
        ...englandAndWales
          .filter((_, index) => index % 50 === 0)
          .map((row) => `"${row.medicine}",${Number(row.packSize)},,${row.vmppSnomedCode},,`),
      ].join("\n"),
    ),
  );

  for (const edition of [1, 2] as const) {
    const rows = await db
      .select()
      .from(partViiiaPrices)
      .where(and(eq(partViiiaPrices.edition, edition), eq(partViiiaPrices.period, period)));
    packs.set(
      edition,
      rows.map((row) => ({
        code: row.vmppSnomedCode!,
        medicine: row.medicine,
        category: row.category,
        pricePence: row.basicPricePence,
        packSize: Number(row.packSize),
        unit: row.unitOfMeasure,
      })),
    );
    pricing.set(edition, await monthPricing(edition, month));
  }
  subscriber = await insertUser({ subscribed: true });
  northernSubscriber = await insertUser({ subscribed: true });
  await db.update(profiles).set({ edition: 2 }).where(eq(profiles.id, northernSubscriber.id));
  clearDataVersionCache();
}, 300_000);

afterAll(() => {
  vi.useRealTimers();
});

const readerOf = (edition: Edition) => (edition === 1 ? subscriber : northernSubscriber);

/** One edition's packs of the month, as a list and by code. */
type EditionPacks = { edition: Edition; list: Pack[]; byCode: Map<string, Pack> };

/** Part VIIIA's rows route, as the table decodes it. */
async function checkListRows({ edition, list, byCode }: EditionPacks) {
  const rows = await readGzippedRows(
    await listRowsRoute(new Request(`${origin}/api/lists/partviiia/rows?month=${month}`), {
      params: Promise.resolve({ id: "partviiia" }),
    }),
  );
  expect(rows).toHaveLength(list.length);
  for (const row of rows) {
    const pack = byCode.get(row.vmppSnomedCode as string)!;
    compareMoney(
      `Part VIIIA rows (${edition})`,
      pack.code,
      { concession: row.concessionPrice, rate: row.discountRate, net: row.netPrice },
      moneyOf(edition, pack),
    );
  }
  return rows;
}

/**
 * The page's CSV export: the same rows written as the table writes them, read back as a
 * spreadsheet reads them (money in pounds, the discount in per cent).
 */
function checkCsvExport({ edition, list, byCode }: EditionPacks, rows: Record<string, unknown>[]) {
  const csv = readSpreadsheetCsv(tableCsv(lists.partviiia.columns, rows as DataRow[]));
  expect(csv.problems).toEqual([]);
  expect(csv.records).toHaveLength(list.length);
  const pence = (cell: string | undefined) => (cell ? Math.round(Number(cell) * 100) : null);
  for (const record of csv.records) {
    const pack = byCode.get(record["VMPP code"]!)!;
    compare(`CSV (${edition})`, pack.code, "basic price", pence(record["Basic price (£)"]), pack.pricePence);
    compareMoney(
      `CSV (${edition})`,
      pack.code,
      {
        concession: pence(record["Concession (£)"]),
        rate: record["Discount (%)"] ? Number(record["Discount (%)"]) : null,
        net: pence(record["Net price (£)"]),
      },
      moneyOf(edition, pack),
    );
  }
}

/** The product page's table: the month in force, for every pack at once. */
async function checkProductPage({ edition, list, byCode }: EditionPacks) {
  const tables = await getPacksReimbursement("drug", [...byCode.keys()], july);
  for (const pack of list) {
    const shown = monthInForceOf(tables.get(pack.code)!, edition)?.editions[edition];
    const money = moneyOf(edition, pack);
    compare(`product page (${edition})`, pack.code, "price", shown?.pricePence, pack.pricePence);
    compareMoney(
      `product page (${edition})`,
      pack.code,
      {
        concession: shown?.concessionPence,
        rate: shown?.rateBp === undefined || shown.rateBp === null ? null : shown.rateBp / 100,
        net: shown?.perPackPence,
      },
      money,
    );
  }
}

/** The pack JSON, for every pack on concession or on the Zero Discount List and every 20th pack. */
async function checkPackJson({ edition, list }: EditionPacks) {
  const sample = list.filter((pack, index) => {
    const money = moneyOf(edition, pack);
    return money.concessionPence !== null || money.group === "dnd" || index % 20 === 0;
  });
  for (const pack of sample) {
    const response = await packRoute(
      new Request(`${origin}/api/packs/${pack.code}?edition=${edition === 1 ? "ew" : "ni"}&month=${month}`),
      { params: Promise.resolve({ code: pack.code }) },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as PackPrice;
    compareMoney(
      `pack JSON (${edition})`,
      pack.code,
      {
        concession: body.month.price?.concessionPence,
        rate:
          body.month.price?.rateBp === null || body.month.price === null
            ? null
            : body.month.price.rateBp / 100,
        net: body.month.price?.netPence,
      },
      moneyOf(edition, pack),
    );
  }
}

/**
 * The global search: every pack its results show, for one search per 40th medicine (a reader's
 * searches are limited to a hundred or so a minute).
 */
async function checkSearch({ edition, list, byCode }: EditionPacks) {
  const names = [...new Set(list.map((pack) => pack.medicine))].filter((_, index) => index % 40 === 0);
  for (const name of names) {
    const response = await searchRoute(
      new Request(
        `${origin}/api/search?${new URLSearchParams({ q: name.slice(0, 60), month, parts: "partviiia" })}`,
      ),
      undefined,
    );
    expect(response.status).toBe(200);
    const { sections } = (await response.json()) as {
      sections: {
        results: { code: string | null; netPricePence: number | null; concessionPence: number | null }[];
      }[];
    };
    for (const result of sections.flatMap((section) => section.results)) {
      const pack = result.code ? byCode.get(result.code) : undefined;
      if (!pack) continue;
      const money = moneyOf(edition, pack);
      compare(`search (${edition})`, pack.code, "net", result.netPricePence, money.perPackPence);
      compare(`search (${edition})`, pack.code, "concession", result.concessionPence, money.concessionPence);
    }
  }
}

/** A watchlist of the first 2,000 packs (its limit), read as its page reads it. */
async function checkWatchlist({ edition, list, byCode }: EditionPacks, reader: TestUser) {
  const { db } = database;
  const owner = await currentUserOf(reader);
  const [watchlist] = await db
    .insert(watchlists)
    .values({ ownerId: reader.id, name: `Every pack ${edition}` })
    .returning({ id: watchlists.id });
  await db
    .insert(watchlistItems)
    .values(
      list.slice(0, 2000).map((pack) => ({ watchlistId: watchlist!.id, kind: "drug", code: pack.code })),
    );
  const detail = await getWatchlistDetail(owner, watchlist!.id);
  for (const entry of detail.entries) {
    const money = moneyOf(edition, byCode.get(entry.code)!);
    compare(`watchlist (${edition})`, entry.code, "net", entry.netPricePence, money.perPackPence);
    compare(`watchlist (${edition})`, entry.code, "concession", entry.concessionPence, money.concessionPence);
  }
}

/** The margin check: every pack of the month bought at £1.00, by its code, in each edition. */
async function checkMarginCheck(edition: Edition) {
  const { admin } = await insertOrganisation();
  const owner = { ...marginOwnerOf(admin), edition };
  const list = packs.get(edition)!;
  const file = ["Code,Cost", ...list.map((pack) => `${pack.code},1.00`)].join("\n");
  const saved = await saveUpload(
    owner,
    "every-pack.csv",
    await readTable("every-pack.csv", new TextEncoder().encode(file)),
    {
      product: null,
      code: "Code",
      packSize: null,
      cost: "Cost",
    },
  );
  const result = (await getUpload(owner, saved.id))!;
  const byCode = new Map(list.map((pack) => [pack.code, pack]));
  expect(result.lines).toHaveLength(list.length);
  for (const line of result.lines) {
    const pack = byCode.get(line.product)!;
    const money = moneyOf(edition, pack);
    compare(`margin check (${edition})`, pack.code, "matched pack", line.code, pack.code);
    compare(`margin check (${edition})`, pack.code, "net", line.reimbursementPence, money.perPackPence);
    compare(
      `margin check (${edition})`,
      pack.code,
      "margin",
      line.margin?.pence ?? null,
      money.perPackPence === null ? null : money.perPackPence - 100,
    );
  }
}

/** Category M: each pack's money is its Part VIIIA money (a Category M pack is a Part VIIIA pack). */
async function checkCategoryMRows() {
  await actAs(subscriber);
  const categoryM = await readGzippedRows(
    await listRowsRoute(new Request(`${origin}/api/lists/catm/rows?month=${month}`), {
      params: Promise.resolve({ id: "catm" }),
    }),
  );
  const stored = await database.db.select({ code: categoryMPrices.vmppSnomedCode }).from(categoryMPrices);
  expect(categoryM).toHaveLength(stored.length);
  const englandAndWales = new Map(packs.get(1)!.map((pack) => [pack.code, pack]));
  for (const row of categoryM) {
    const pack = englandAndWales.get(row.vmppSnomedCode as string);
    if (!pack) continue;
    compare("Category M rows", pack.code, "basic price", row.basicPrice, pack.pricePence);
    compareMoney(
      "Category M rows",
      pack.code,
      { concession: row.concessionPrice, rate: row.discountRate, net: row.netPrice },
      moneyOf(1, pack),
    );
  }
}

/** /compare-editions: the packs that differ most, each edition's figures. */
async function checkEditionComparison() {
  const comparison = await getEditionComparison({ part: "viiia", month, now: july });
  expect(comparison.packs.length).toBeGreaterThan(100);
  for (const pack of comparison.packs) {
    for (const [edition, figures] of [
      [1, pack.englandAndWales],
      [2, pack.northernIreland],
    ] as const) {
      const listed = packs.get(edition)!.find((candidate) => candidate.code === pack.code)!;
      compareMoney(
        `compare-editions (${edition})`,
        pack.code,
        {
          concession: figures.concessionPence,
          rate: figures.rateBp === null ? null : figures.rateBp / 100,
          net: figures.perPackPence,
        },
        moneyOf(edition, listed),
      );
    }
  }
}

describe.skipIf(!hasRealData)("one pack, one price: a real month in both editions", () => {
  it("the data is what the month holds: thousands of packs, concessions, Category M and Zero Discount lines", () => {
    expect(packs.get(1)!.length).toBe(3682);
    expect(packs.get(2)!.length).toBe(3682);
    const conceded = packs.get(1)!.filter((pack) => moneyOf(1, pack).concessionPence !== null);
    expect(conceded.length).toBeGreaterThan(100);
    expect(packs.get(2)!.filter((pack) => moneyOf(2, pack).group === "dnd").length).toBeGreaterThan(50);
  });

  it("every page serves the pricing model's money for every pack", { timeout: 600_000 }, async () => {
    for (const edition of [1, 2] as const) {
      const list = packs.get(edition)!;
      const each = { edition, list, byCode: new Map(list.map((pack) => [pack.code, pack])) };
      const reader = readerOf(edition);
      await actAs(reader);
      const rows = await checkListRows(each);
      checkCsvExport(each, rows);
      await checkProductPage(each);
      await checkPackJson(each);
      await checkSearch(each);
      await checkWatchlist(each, reader);
    }
    for (const edition of [1, 2] as const) await checkMarginCheck(edition);
    await checkCategoryMRows();
    await checkEditionComparison();

    console.log(
      `One pack, one price: ${compared.figures.toLocaleString("en-GB")} figures compared over ${compared.packs.size.toLocaleString("en-GB")} packs in both editions; ${compared.differences.length} differ.`,
    );
    expect(compared.differences.slice(0, 20)).toEqual([]);
    expect(compared.figures).toBeGreaterThan(50_000);
  });

  it("Category M and Part VIIIA agree on a pack on concession (the pack seen disagreeing)", async () => {
    const conceded = packs
      .get(1)!
      .find((pack) => pack.category === "M" && moneyOf(1, pack).concessionPence !== null);
    expect(conceded, "a Category M pack on concession in the month").toBeDefined();
    const rowsOf = async (id: string) =>
      readGzippedRows(
        await listRowsRoute(
          new Request(`${origin}/api/lists/${id}/rows?month=${month}&searchTerm=${conceded!.code}`),
          {
            params: Promise.resolve({ id }),
          },
        ),
      );
    await actAs(subscriber);
    const [viiia] = await rowsOf("partviiia");
    const [categoryM] = await rowsOf("catm");
    const money = ({ concessionPrice, discountRate, netPrice }: Record<string, unknown>) => ({
      concessionPrice,
      discountRate,
      netPrice,
    });
    expect(money(categoryM!)).toEqual(money(viiia!));
    expect(viiia).toMatchObject({ concessionPrice: moneyOf(1, conceded!).concessionPence, discountRate: 0 });
  });
});
