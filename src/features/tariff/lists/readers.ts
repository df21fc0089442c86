import "server-only";

import type { Edition } from "@/lib/tariff-vocabulary";

import type { ListReader } from "../list-reading";
import type { ListId } from ".";
import { acbsReader } from "./acbs.reader";
import { blacklistReader } from "./blacklist.reader";
import { brandsReader } from "./brands.reader";
import { brokenBulkReader } from "./broken-bulk.reader";
import { catmReader } from "./catm.reader";
import { concessionsReader } from "./concessions.reader";
import { dentalFormularyReader } from "./dental-formulary.reader";
import { discontinuedReader } from "./discontinued.reader";
import { nurseFormularyReader } from "./nurse-formulary.reader";
import { partixReader } from "./partix.reader";
import { partviiiaReader } from "./partviiia.reader";
import { partviiibReader } from "./partviiib.reader";
import { partviiidReader } from "./partviiid.reader";
import { specialContainersReader } from "./special-containers.reader";
import { zeroDiscountReader } from "./zero-discount.reader";

/**
 * Each list's reader (ADR 095), in the file beside its description (`<id>.reader.ts`): for an
 * edition, where its rows come from, the query that reads its records, the mapper that makes a
 * record the table's row and, for the parts the global search reads, the mapper that makes it a
 * search result. The list page, its rows route and the global search all read a list through here.
 * The readers are apart from the descriptions because they read the database: the browser's table
 * imports the descriptions, never these.
 */
const readers: Record<ListId, (edition: Edition) => ListReader> = {
  partviiia: partviiiaReader,
  partviiib: partviiibReader,
  partviiid: partviiidReader,
  catm: catmReader,
  partix: partixReader,
  acbs: acbsReader,
  blacklist: blacklistReader,
  "broken-bulk": brokenBulkReader,
  "dental-formulary": dentalFormularyReader,
  discontinued: discontinuedReader,
  "zero-discount": zeroDiscountReader,
  "nurse-formulary": nurseFormularyReader,
  "special-containers": specialContainersReader,
  brands: brandsReader,
  concessions: concessionsReader,
};

/** The reading of a list in an edition. */
export function listReaderOf(id: ListId, edition: Edition): ListReader {
  return readers[id](edition);
}
