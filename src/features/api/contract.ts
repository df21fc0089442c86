import { z } from "zod";

import { changeKindIds } from "@/features/changes/queries";
import { productKinds } from "@/lib/tariff-vocabulary";

/**
 * The data API's contract (ADR 202): every operation's parameters and answer as zod schemas. The
 * route handlers validate with these, and the OpenAPI document (`openapi.ts`) is generated from the
 * very same objects, so the document cannot drift from what the routes do.
 */

export const apiBasePath = "/api/v1";

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

const edition = z.enum(["ew", "ni"]).default("ew").meta({
  description: "The Drug Tariff edition: ew (England & Wales, the default) or ni (Northern Ireland).",
});
const month = z.string().regex(monthPattern, "Give the month as YYYY-MM.").optional().meta({
  description: "The tariff month, YYYY-MM. The month in force (the calendar month in the UK) by default.",
});
const format = z
  .enum(["json", "csv"])
  .optional()
  .meta({ description: "json (the default) or csv; `Accept: text/csv` asks for CSV too." });

const common = { edition, month, format };

/** The parts whose packs and prices the API gives, by the tariff's own part ids. */
export const apiParts = ["viiia", "viiib", "viiid", "cat-m", "ix"] as const;
export type ApiPart = (typeof apiParts)[number];

export const packsQuery = z
  .object({
    ...common,
    name: z.string().trim().min(2, "Give at least 2 characters of a name.").max(100).optional().meta({
      description: "Packs whose name matches, as the list page's search matches them (a code also matches).",
    }),
    codes: z
      .string()
      .regex(/^[0-9A-Za-z-]+(,[0-9A-Za-z-]+){0,199}$/, "Give up to 200 codes, separated by commas.")
      .optional()
      .meta({
        description:
          "Only packs with one of these codes (SNOMED CT, GTIN or order number), comma-separated, up to 200.",
      }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(1_000)
      .meta({ description: "Packs per page, up to 10,000 (a whole Part VIIIA month fits in one)." }),
    cursor: z
      .string()
      .max(200)
      .optional()
      .meta({ description: "The `nextCursor` of the page before; the first page without it." }),
  })
  .strict();

export const packsParams = z.object({
  part: z
    .enum(apiParts)
    .meta({ description: "viiia (NI: Part I), viiib, viiid, cat-m or ix (NI: Parts II & III)." }),
});

export const monthQuery = z.object(common).strict();
export const monthsQuery = z.object({ format }).strict();
export const packParams = z.object({
  code: z
    .string()
    .regex(/^\d{6,20}$/, "A pack's code is its SNOMED CT id: 6 to 20 digits.")
    .meta({ description: "The pack's SNOMED CT code: a VMPP (Part VIIIA), a Part IX pack or a dm+d AMPP." }),
});

const monthCode = z.string().meta({ description: "YYYY-MM", example: "2026-11" });
const editionCode = z.enum(["ew", "ni"]);

const column = z
  .object({
    id: z.string(),
    header: z.string(),
    kind: z.enum(["text", "pence", "number", "percent", "date", "code"]).optional(),
  })
  .meta({
    id: "Column",
    description:
      "A field of the rows: money (`pence`) in integer pence, `percent` as a percentage (20 = 20%).",
  });

const cell = z.union([z.string(), z.number(), z.null()]);

/** The month a table answers for, and the release of the data that serves it. */
const servedMonth = {
  edition: editionCode,
  month: monthCode,
  monthInForce: monthCode,
  release: z.string().meta({
    description:
      "The release that serves the month (YYYY-MM-DD): the month's own, or the latest before it for lists published less often.",
  }),
};

export const packPage = z
  .object({
    part: z.enum(apiParts),
    ...servedMonth,
    columns: z.array(column),
    rows: z.array(z.record(z.string(), cell)).meta({
      description:
        "The packs, in the list's order, each priced by the pricing model: concession, deduction and net price.",
    }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  })
  .meta({ id: "PackPage" });

export const concessionList = z
  .object({ ...servedMonth, columns: z.array(column), rows: z.array(z.record(z.string(), cell)) })
  .meta({ id: "ConcessionList" });

const monthPrice = z
  .object({
    month: monthCode,
    standing: z.enum(["listed", "not-listed", "not-published"]),
    price: z
      .object({
        pricePence: z.number().int(),
        concessionPence: z.number().int().nullable(),
        paidOnPence: z.number().int(),
        rateGroup: z.string(),
        rateBp: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The deduction in basis points: 2000 = 20%." }),
        deductionApplies: z.boolean(),
        deductionReason: z.string(),
        deductionPence: z.number().int().nullable(),
        netPence: z.number().int().nullable(),
        perUnitPence: z.number().nullable(),
        steps: z.array(z.string()),
      })
      .nullable(),
  })
  .meta({ id: "PackMonthPrice" });

export const packPrice = z
  .object({
    code: z.string(),
    kind: z.enum(productKinds),
    name: z.string(),
    packSize: z.number().nullable(),
    unit: z.string().nullable(),
    edition: editionCode,
    monthInForce: monthCode,
    month: monthPrice,
    coming: z.array(monthPrice.extend({ from: z.string() })).meta({
      description: "Months published ahead of the month in force (the next month), oldest first.",
    }),
  })
  .meta({ id: "PackPrice" });

export const changeList = z
  .object({
    edition: editionCode,
    month: monthCode,
    monthInForce: monthCode,
    changes: z.array(
      z.object({
        period: monthCode,
        part: z.string(),
        partLabel: z.string(),
        kind: z.enum(changeKindIds),
        name: z.string(),
        code: z.string().nullable(),
        pack: z.string(),
        oldPricePence: z.number().int().nullable(),
        newPricePence: z.number().int().nullable(),
        priceChangePercent: z.number().nullable(),
        oldCategory: z.string().nullable(),
        newCategory: z.string().nullable(),
        importedAt: z.string(),
      }),
    ),
  })
  .meta({ id: "ChangeList" });

const watchedPack = z.object({
  kind: z.enum(productKinds),
  code: z.string(),
  name: z.string().nullable(),
  packSize: z.number().nullable(),
  unit: z.string().nullable(),
  part: z.string(),
  subPart: z.string().nullable(),
  pricePence: z.number().int().nullable(),
  netPricePence: z.number().int().nullable(),
  previousPricePence: z.number().int().nullable(),
  category: z.string().nullable(),
  previousCategory: z.string().nullable(),
  concessionPence: z.number().int().nullable(),
  discontinued: z.boolean(),
  listedThisMonth: z.boolean(),
  listedLastMonth: z.boolean(),
  next: z
    .object({
      period: monthCode,
      pricePence: z.number().int().nullable(),
      netPricePence: z.number().int().nullable(),
      category: z.string().nullable(),
      listed: z.boolean(),
    })
    .nullable(),
  history: z.array(z.number()),
});

export const watchlistList = z
  .object({
    edition: editionCode,
    month: monthCode,
    monthInForce: monthCode,
    watchlists: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        ownerName: z.string(),
        packs: z.array(watchedPack),
      }),
    ),
  })
  .meta({
    id: "WatchlistList",
    description: "The watchlists shared on the key's licence, with their packs.",
  });

export const monthList = z
  .object({
    monthInForce: monthCode,
    months: z.array(
      z.object({
        part: z.string(),
        edition: editionCode,
        month: monthCode,
        rows: z.number().int(),
        inForceFrom: z.string().meta({ description: "The day the month comes into force (YYYY-MM-DD)." }),
        coming: z.boolean().meta({ description: "Published ahead of the month in force." }),
        firstImportedAt: z
          .string()
          .meta({ description: "When the month was first loaded: when it was published here." }),
        importedAt: z.string().meta({ description: "When the month's data was last replaced." }),
      }),
    ),
  })
  .meta({ id: "MonthList" });

export const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
