import type { PartId } from "@/lib/tariff-vocabulary";

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
