import { AppError } from "@/lib/errors";

/** Where in a file a problem is, as precisely as it is known. */
export type Place = { line?: number; column?: string };

export type Problem = Place & { message: string };

function describePlace(file: string, place: Place): string {
  const parts = [file];
  if (place.line !== undefined) parts.push(`line ${place.line}`);
  if (place.column !== undefined) parts.push(`column "${place.column}"`);
  return parts.join(", ");
}

/** At most this many problems are listed; the rest are counted. */
const listed = 5;

/**
 * A file that cannot be imported as it is. The message names the file, the line and the column and
 * says what was expected, e.g. `Part VIIIA Jan 26.csv, line 57, column "Basic Price": expected a
 * price in whole pence, such as 2414, found "n/a"`.
 */
export class BadFileError extends AppError {
  readonly problems: Problem[];

  constructor(
    readonly file: string,
    problems: Problem[],
    total = problems.length,
  ) {
    const shown = problems
      .slice(0, listed)
      .map((problem) => `${describePlace(file, problem)}: ${problem.message}`);
    if (total > shown.length) shown.push(`…and ${total - shown.length} more problems`);
    super("bad_file", shown.join("\n"));
    this.name = "BadFileError";
    this.problems = problems;
  }
}

/** Quotes a cell's content for a message, shortened so one bad cell cannot flood the output. */
export function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return JSON.stringify(shown);
}

/** Collects problems while a file is read, and throws them together once it is done. */
export class ProblemList {
  readonly problems: Problem[] = [];
  private count = 0;

  constructor(readonly file: string) {}

  add(problem: Problem): void {
    this.count++;
    if (this.problems.length < listed) this.problems.push(problem);
  }

  get size(): number {
    return this.count;
  }

  throwIfAny(): void {
    if (this.count > 0) throw new BadFileError(this.file, this.problems, this.count);
  }
}
