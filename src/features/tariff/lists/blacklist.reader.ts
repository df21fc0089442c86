import "server-only";

import { blacklist } from "@/db/schema";
import type { Edition } from "@/lib/tariff-vocabulary";

import { datasetReader, type ListReader } from "../list-reading";

/** How the blacklist (Part XI) is read for an edition: each edition publishes its own. */
export function blacklistReader(edition: Edition): ListReader {
  const t = blacklist;
  return datasetReader({
    source: { part: "blacklist", edition },
    table: t,
    name: t.medicine,
    codes: [t.snomedCode],
    filters: { category: t.category },
    order: [t.medicine],
    toRow: (r) => ({
      medicine: r.medicine,
      supplier: r.supplier,
      category: r.category,
      notes: r.notes,
      snomedCode: r.snomedCode,
    }),
  });
}
