import fs from "node:fs";
import path from "node:path";

import { BadFileError } from "./errors";
import { dmdMembers, isDmdFile } from "./parsers/dmd";
import { maxDecompressedBytes, megabytes } from "./source";

/**
 * A dm+d release as NHSBSA ships it through TRUD: one zip holding the `f_*2_*.xml` files, with the
 * GTIN file inside a zip of its own. The importer reads a release from a folder, so the members are
 * written into one, never more than `limit` bytes in all once inflated (a zip's declared sizes can lie).
 */

type Zip = import("jszip");

/** Members nested this deep or deeper are not looked into: a real release nests one level. */
const maxDepth = 2;

async function inflateTo(
  entry: Zip["files"][string],
  target: string,
  budget: { left: number; limit: number; name: string },
): Promise<void> {
  const output = fs.createWriteStream(target);
  try {
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream("nodebuffer");
      output.on("error", reject);
      stream
        .on("data", (chunk: Buffer) => {
          budget.left -= chunk.length;
          if (budget.left < 0) {
            stream.pause();
            reject(
              new BadFileError(budget.name, [
                {
                  message: `the release holds more than ${megabytes(budget.limit)} once decompressed: too large to be a dm+d release`,
                },
              ]),
            );
            return;
          }
          if (!output.write(chunk)) {
            stream.pause();
            output.once("drain", () => stream.resume());
          }
        })
        .on("error", reject)
        .on("end", () => output.end(resolve))
        .resume();
    });
  } catch (error) {
    output.destroy();
    throw error;
  }
}

async function extractMembers(
  zip: Zip,
  folder: string,
  depth: number,
  budget: { left: number; limit: number; name: string },
): Promise<void> {
  const { default: JSZip } = await import("jszip");
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    // Only the file's own name is used: a member named `../x` writes nothing outside the folder.
    const base = path.basename(entry.name);
    if (isDmdFile(base)) {
      await inflateTo(entry, path.join(folder, base), budget);
    } else if (/\.zip$/i.test(base) && depth < maxDepth) {
      const nestedFile = path.join(folder, `.nested-${depth}-${base}`);
      await inflateTo(entry, nestedFile, budget);
      try {
        const nested = await JSZip.loadAsync(await fs.promises.readFile(nestedFile));
        await extractMembers(nested, folder, depth + 1, budget);
      } finally {
        await fs.promises.rm(nestedFile, { force: true });
      }
    }
  }
}

/**
 * Writes the XML members of the release zip `file` into `folder` and returns the path the importer is
 * given for it (its `f_ampp2` file). A file that is not a zip, or holds no dm+d release, is a
 * BadFileError naming it.
 */
export async function extractDmdRelease(
  file: string,
  folder: string,
  limit: number = maxDecompressedBytes.dmd,
): Promise<string> {
  const name = path.basename(file);
  const { default: JSZip } = await import("jszip");
  let zip: Zip;
  try {
    zip = await JSZip.loadAsync(await fs.promises.readFile(file));
  } catch {
    throw new BadFileError(name, [{ message: "not a readable zip file" }]);
  }
  await fs.promises.mkdir(folder, { recursive: true });
  await extractMembers(zip, folder, 0, { left: limit, limit, name });
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
