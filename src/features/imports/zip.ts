import yauzl from "yauzl";

import { BadFileError } from "./errors";
import { overLimit, tooMany, type ReadLimits } from "./limits";
import { megabytes } from "./source";

/**
 * A zip (a workbook, a dm+d release) read one member at a time with yauzl, from a file or from bytes
 * in memory, never whole and never through a temporary file. A member is refused before it is
 * inflated when the size the zip declares for it is over its limit, and while it is inflated as soon
 * as what comes out passes it: declared sizes can lie (yauzl also refuses a member whose inflated
 * size differs from the declared one).
 */

export type ZipMember = yauzl.Entry;

/** What is left of a kind's allowance of inflated bytes, shared by the zips nested in one upload. */
export type InflateBudget = { left: number };

const readable = (name: string) => new BadFileError(name, [{ message: "not a readable zip file" }]);

function openZip(source: string | Buffer): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: yauzl.ZipFile) => (error || !zip ? reject(error) : resolve(zip));
    if (typeof source === "string") yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly name: string,
    readonly limits: ReadLimits,
    readonly members: Map<string, ZipMember>,
    private readonly budget: InflateBudget,
  ) {}

  /**
   * Opens the zip `source` (a path, or the bytes themselves), named `name` in refusals, and reads its
   * list of members, refusing more than `limits.members`.
   */
  static async open(
    source: string | Buffer,
    name: string,
    limits: ReadLimits,
    budget: InflateBudget = { left: limits.inflatedBytes },
  ): Promise<ZipArchive> {
    const zip = await openZip(source).catch(() => {
      throw readable(name);
    });
    try {
      if (zip.entryCount > limits.members) throw tooMany.members(name, limits);
      const members = new Map<string, ZipMember>();
      await new Promise<void>((resolve, reject) => {
        zip.on("entry", (entry: ZipMember) => {
          if (!entry.fileName.endsWith("/")) members.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on("end", () => resolve());
        zip.on("error", () => reject(readable(name)));
        zip.readEntry();
      });
      return new ZipArchive(zip, name, limits, members, budget);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The refusal of a member over its own limit `most`, or (without one) of the members over the kind's. */
  private tooLarge(what: string, most: number | undefined, declared: boolean): BadFileError {
    if (most !== undefined)
      return overLimit(
        this.name,
        this.limits,
        `${what} holds more than ${megabytes(most)} once decompressed`,
      );
    const total = megabytes(this.limits.inflatedBytes);
    const understated = declared ? "" : " (more than the zip says)";
    return overLimit(
      this.name,
      this.limits,
      `the zip's members hold more than ${total} once decompressed${understated}`,
    );
  }

  /**
   * Refuses, without inflating anything, members whose declared sizes are over `most` each (their own
   * limit, described as `what`) or over what is left of the kind's allowance together.
   */
  checkDeclared(members: ZipMember[], what: string, most = Number.POSITIVE_INFINITY): void {
    for (const member of members) if (member.uncompressedSize > most) throw this.tooLarge(what, most, true);
    const total = members.reduce((sum, member) => sum + member.uncompressedSize, 0);
    if (total > this.budget.left) throw this.tooLarge(what, undefined, true);
  }

  /**
   * The member's bytes as they are inflated, refused past `most` bytes (its own limit, described as
   * `what`) or past what is left of the kind's allowance for all the members read.
   */
  async *inflate(member: ZipMember, what: string, most = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
    this.checkDeclared([member], what, most);
    const own = most <= this.budget.left;
    const allowed = Math.min(most, this.budget.left);
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(member, (error, opened) =>
        error || !opened ? reject(error) : resolve(opened),
      ),
    ).catch(() => {
      throw new BadFileError(this.name, [{ message: `${what} cannot be read from the zip` }]);
    });
    let seen = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        seen += chunk.length;
        this.budget.left -= chunk.length;
        if (seen > allowed) throw this.tooLarge(what, own ? most : undefined, false);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof BadFileError) throw error;
      throw new BadFileError(this.name, [{ message: `${what} is damaged in the zip` }]);
    } finally {
      (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    }
  }

  /** The member's text (UTF-8), as `inflate` gives its bytes. */
  async *text(member: ZipMember, what: string, most?: number): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8");
    for await (const chunk of this.inflate(member, what, most)) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }

  close(): void {
    this.zip.close();
  }
}
