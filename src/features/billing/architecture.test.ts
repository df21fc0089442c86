import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * docs/security.md R3/R20 and abuse case 2: subscription and seat fields are written only by trusted server
 * code. This reads every source file under `src/` and lists the places that write `is_subscribed` or
 * `number_of_licenses` (Drizzle `.set()` / `.values()` objects, and raw SQL), which must be exactly:
 * the billing sync (from the payment provider), the licence membership service (an admin's add and
 * remove), and the demo seed.
 */
const allowed = new Set([
  "src/features/billing/sync.ts",
  "src/features/licences/membership.ts",
  "src/db/seed.ts",
]);

const root = path.resolve(import.meta.dirname, "../../..");
const guarded = /\b(isSubscribed|is_subscribed|number_of_licenses)\b/;
/** The seat count's property, in a write to the licence table only: other tables count other things. */
const guardedOnLicences = /\bseats\b/;
const licenceTable = "licences";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "schema" && dir.endsWith("db") ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of the call's parenthesised argument that starts at `open` (an opening parenthesis). */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === "(") depth += 1;
    if (text[index] === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** The table named by the last `.insert(table)` or `.update(table)` before `at`. */
function tableWrittenAt(text: string, at: number): string | undefined {
  return [...text.slice(0, at).matchAll(/\.(?:insert|update)\(\s*(\w+)\s*\)/g)].at(-1)?.[1];
}

/** Where this source writes a guarded column: `.set(...)`/`.values(...)` naming it, or raw SQL updating it. */
function guardedWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(set|values|onConflictDoUpdate)\s*\(/g)) {
    const argument = argumentAt(text, match.index + match[0].length - 1);
    const onLicences = tableWrittenAt(text, match.index) === licenceTable;
    if (guarded.test(argument) || (onLicences && guardedOnLicences.test(argument)))
      found.push(`${match[1]}(${argument.replace(/\s+/g, " ").slice(0, 80)})`);
  }
  // Raw SQL: what an UPDATE's SET assigns (up to its FROM, WHERE or RETURNING, which only read), and
  // an INSERT's column list.
  for (const match of text.matchAll(
    /\bupdate\s+\S+(?:\s+\w+)?\s+set\b([^;`"']*?)(?=\b(?:from|where|returning)\b|[;`"']|$)/gi,
  ))
    if (/\b(is_subscribed|number_of_licenses)\s*=/i.test(match[1]!))
      found.push(`SQL: ${match[0].replace(/\s+/g, " ").slice(0, 80)}`);
  for (const match of text.matchAll(/\binsert\s+into\s+\S+\s*\(([^)]*)\)/gi))
    if (guarded.test(match[1]!)) found.push(`SQL: ${match[0].replace(/\s+/g, " ").slice(0, 80)}`);
  return found;
}

describe("who writes is_subscribed and number_of_licenses", () => {
  it("finds writes in the forms we use (so the check below is not vacuous)", () => {
    expect(guardedWrites("db.update(profiles).set({ isSubscribed: true }).where(x)")).toHaveLength(1);
    expect(guardedWrites("tx.insert(licences).values({ organisation, seats: 5 })")).toHaveLength(1);
    expect(guardedWrites("sql`update profiles set is_subscribed = true where id = ${id}`")).toHaveLength(1);
    expect(
      guardedWrites("sql`update profiles p set number_of_licenses = 3, x = 1 where id = 1`"),
    ).toHaveLength(1);
    expect(guardedWrites("sql`insert into profiles (id, is_subscribed) values ($1, true)`")).toHaveLength(1);
    expect(guardedWrites("select({ seats: licences.seats }).from(licences)")).toEqual([]);
    expect(guardedWrites("tx.insert(enquiries).values({ organisation, seats: 40 })")).toEqual([]);
    // Reading the column in an update's FROM, WHERE or RETURNING writes nothing to it.
    expect(
      guardedWrites(
        "sql`update alerts s set pending = false from profiles u where u.is_subscribed returning u.is_subscribed`",
      ),
    ).toEqual([]);
  });

  it("happens only in the billing sync, the membership service and the demo seed", () => {
    const writers = sourceFiles(path.join(root, "src"))
      .map((file) => ({
        file: path.relative(root, file),
        writes: guardedWrites(fs.readFileSync(file, "utf8")),
      }))
      .filter(({ writes }) => writes.length > 0);
    expect(writers.filter(({ file }) => !allowed.has(file))).toEqual([]);
    expect(writers.map(({ file }) => file)).toContain("src/features/billing/sync.ts");
  });
});
