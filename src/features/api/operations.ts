import { z } from "zod";

import {
  changeList,
  concessionList,
  monthList,
  monthQuery,
  monthsQuery,
  packPage,
  packParams,
  packPrice,
  packsParams,
  packsQuery,
  watchlistList,
} from "./contract";

/**
 * Every operation of the data API (ADR 202): its path, its schemas and its words. Each route handler
 * validates with its operation's schemas, and the OpenAPI document lists exactly these.
 */
export type Operation = {
  id: string;
  /** The path in OpenAPI's form, `{name}` for a parameter. */
  path: string;
  summary: string;
  description: string;
  query: z.ZodObject;
  params?: z.ZodObject;
  answer: z.ZodType;
  /** A `curl` example for the reference page, with the key in a shell variable. */
  example: string;
};

const noParams = z.object({});

export const operations = {
  listPacks: {
    id: "listPacks",
    path: "/parts/{part}/packs",
    summary: "A part's packs and prices for a month",
    description:
      "The packs of a Drug Tariff part in a month, in the list page's order, each priced by the pricing model (concession, deduction, net price). Paged by cursor; narrowed by name or by codes.",
    query: packsQuery,
    params: packsParams,
    answer: packPage,
    example: "/parts/viiia/packs?edition=ew&month=2026-11&limit=500",
  },
  getPack: {
    id: "getPack",
    path: "/packs/{code}",
    summary: "One pack's money",
    description:
      "A pack's price, concession, deduction, net price and effective reimbursement for a month, and the month published ahead when there is one.",
    query: monthQuery,
    params: packParams,
    answer: packPrice,
    example: "/packs/1034611000001106?edition=ew",
  },
  listConcessions: {
    id: "listConcessions",
    path: "/concessions",
    summary: "A month's price concessions",
    description: "England & Wales' price concessions for a month, which Northern Ireland applies too.",
    query: monthQuery,
    params: noParams,
    answer: concessionList,
    example: "/concessions?month=2026-11&format=csv",
  },
  listChanges: {
    id: "listChanges",
    path: "/changes",
    summary: "A month's changes",
    description:
      "What a month changed against the month before: packs added and deleted, price and category changes, concessions granted, changed and ended.",
    query: monthQuery,
    params: noParams,
    answer: changeList,
    example: "/changes?edition=ni&month=2026-11",
  },
  listWatchlists: {
    id: "listWatchlists",
    path: "/watchlists",
    summary: "The licence's watchlists and their packs",
    description:
      "The watchlists shared on the key's licence, each with its packs priced for the month: this month's and last month's price, the net price and next month's price when published.",
    query: monthQuery,
    params: noParams,
    answer: watchlistList,
    example: "/watchlists",
  },
  listMonths: {
    id: "listMonths",
    path: "/months",
    summary: "The months loaded",
    description:
      "Every part's months loaded for each edition, newest first: when each comes into force, when it was first loaded and when its data was last replaced.",
    query: monthsQuery,
    params: noParams,
    answer: monthList,
    example: "/months",
  },
} satisfies Record<string, Operation>;
