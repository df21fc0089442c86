import fs from "node:fs";
import path from "node:path";

import { describeName } from "../file-name";
import { expandFiles } from "../run";

/**
 * The demo snapshot kept in the repository (ADR 210): real England & Wales files published under
 * the Open Government Licence, gzipped, in `data/demo/` (its README names each source).
 */
export const demoDataFolder = path.join(process.cwd(), "data", "demo");

/** The actor of the Northern Ireland edition the demo generates: the mark of illustrative data. */
export const demoNiActor = "demo-data:ni-illustrative";

/** The order parts of one month are imported in: Part VIIIA first, which the others are checked against. */
const partOrder = ["viiia", "cat-m", "viiib", "viiid", "ix"];

/**
 * The snapshot's files in the order they are imported: the tariff parts month by month, oldest
 * first (so each month's changes are worked out against the month before it), then the concession
 * lists, matched to the Part VIIIA packs by then loaded, then the dm+d release.
 */
export function demoFiles(folder: string = demoDataFolder): string[] {
  const tariffFolder = path.join(folder, "england-wales");
  const described = fs
    .readdirSync(tariffFolder)
    .filter((name) => !name.startsWith("."))
    .map((name) => ({ file: path.join(tariffFolder, name), facts: describeName(name) }));
  const rank = ({ facts }: (typeof described)[number]) =>
    `${facts.part === "concessions" ? 1 : 0}|${facts.period ?? ""}|${partOrder.indexOf(facts.part ?? "")}`;
  const ordered = described.sort((a, b) => rank(a).localeCompare(rank(b))).map((entry) => entry.file);
  return expandFiles([...ordered, path.join(folder, "dmd")]);
}
