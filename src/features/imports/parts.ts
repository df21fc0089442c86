import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * What the importer loads. A part is the unit of replacement together with edition and period.
 * Northern Ireland's parts share the England & Wales part they mirror (docs/data-formats.md).
 */
export const partIds = [
  "viiia",
  "cat-m",
  "viiib",
  "viiid",
  "ix",
  "concessions",
  "dmd",
  "blacklist",
  "zero-discount",
  "borderline",
] as const;

export type PartId = (typeof partIds)[number];

const labels: Record<PartId, { ew: string; ni?: string }> = {
  viiia: { ew: "Part VIIIA", ni: "Part I" },
  "cat-m": { ew: "Category M" },
  viiib: { ew: "Part VIIIB" },
  viiid: { ew: "Part VIIID" },
  ix: { ew: "Part IX", ni: "Part II & III" },
  concessions: { ew: "Price concessions" },
  dmd: { ew: "dm+d branded packs" },
  blacklist: { ew: "Part XVIIIA (blacklist)", ni: "Part XI" },
  "zero-discount": { ew: "Discount Not Deducted", ni: "Zero Discount List" },
  borderline: { ew: "Borderline Substances", ni: "Part X" },
};

export function partLabel(part: PartId, edition: Edition): string {
  const label = labels[part];
  return (edition === 2 ? label.ni : undefined) ?? label.ew;
}

/** Names an operator may give `--part`, compared lower-case without spaces or punctuation. */
const aliases: Record<string, PartId> = {
  viiia: "viiia",
  partviiia: "viiia",
  "8a": "viiia",
  parti: "viiia",
  part1: "viiia",
  catm: "cat-m",
  categorym: "cat-m",
  viiib: "viiib",
  partviiib: "viiib",
  viiid: "viiid",
  partviiid: "viiid",
  ix: "ix",
  partix: "ix",
  partiiandiii: "ix",
  partiiiii: "ix",
  concessions: "concessions",
  priceconcessions: "concessions",
  dmd: "dmd",
  blacklist: "blacklist",
  xviiia: "blacklist",
  partxviiia: "blacklist",
  partxi: "blacklist",
  zerodiscount: "zero-discount",
  zerodiscountlist: "zero-discount",
  dnd: "zero-discount",
  borderline: "borderline",
  partx: "borderline",
  acbs: "borderline",
};

export function partFromAlias(value: string): PartId | undefined {
  return aliases[value.toLowerCase().replace(/[^a-z0-9]/g, "")];
}
