import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import path from "node:path";

import { BadFileError } from "./errors";
import { readLimits, type ReadLimits } from "./limits";
import { dmdMembers, isDmdFile } from "./parsers/dmd";
import { ZipArchive, type InflateBudget } from "./zip";

/**
 * A dm+d release as NHSBSA ships it through TRUD: one zip holding the `f_*2_*.xml` files, with the
 * GTIN file inside a zip of its own. The importer reads a release from a folder, so the members are
 * written into one, a member at a time, never more than a release's limits in all once inflated,
 * nested zips included (ADR 160).
 */

/** Members nested this deep or deeper are not looked into: a real release nests one level. */
const maxDepth = 2;

async function extractMembers(
  zip: ZipArchive,
  folder: string,
  depth: number,
  budget: InflateBudget,
): Promise<void> {
  for (const [entryName, member] of zip.members) {
    // Only the file's own name is used: a member named `../x` writes nothing outside the folder.
    const base = path.basename(entryName);
    const what = `the member ${base}`;
    if (isDmdFile(base)) {
      await pipeline(Readable.from(zip.inflate(member, what)), fs.createWriteStream(path.join(folder, base)));
    } else if (/\.zip$/i.test(base) && depth < maxDepth) {
      const nestedFile = path.join(folder, `.nested-${depth}-${base}`);
      try {
        await pipeline(Readable.from(zip.inflate(member, what)), fs.createWriteStream(nestedFile));
        const nested = await ZipArchive.open(nestedFile, zip.name, zip.limits, budget);
        try {
          await extractMembers(nested, folder, depth + 1, budget);
        } finally {
          nested.close();
        }
      } finally {
        await fs.promises.rm(nestedFile, { force: true });
      }
    }
  }
}

/**
 * Writes the XML members of the release zip `file` into `folder` and returns the path the importer is
 * given for it (its `f_ampp2` file). A file that is not a zip, holds no dm+d release or is over a
 * release's limits is a BadFileError naming it.
 */
export async function extractDmdRelease(
  file: string,
  folder: string,
  limits: ReadLimits = readLimits.dmd,
): Promise<string> {
  const name = path.basename(file);
  const budget = { left: limits.inflatedBytes };
  const zip = await ZipArchive.open(file, name, limits, budget);
  try {
    await fs.promises.mkdir(folder, { recursive: true });
    await extractMembers(zip, folder, 0, budget);
  } finally {
    zip.close();
  }
  const ampp = dmdMembers(folder).get("ampp");
  if (!ampp) {
    throw new BadFileError(name, [
      {
        message:
          "no dm+d release in this zip: expected f_ampp2_*.xml, f_amp2_*.xml, f_vmpp2_*.xml and f_lookup2_*.xml",
      },
    ]);
  }
  return ampp;
}

/** Refuses a release whose zip says its members are over a release's limits, inflating nothing. */
export async function checkReleaseSizes(file: string, limits: ReadLimits = readLimits.dmd): Promise<void> {
  const zip = await ZipArchive.open(file, path.basename(file), limits);
  try {
    zip.checkDeclared([...zip.members.values()], "the release");
  } finally {
    zip.close();
  }
}

/** Whether a file's first bytes are a zip's (an XLSX workbook is one too: callers look at the name). */
export async function startsLikeZip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  } finally {
    await handle.close();
  }
}
