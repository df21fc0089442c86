import type pg from "pg";

/**
 * The product's data as one SQL file that `psql` loads into an empty, migrated PostgreSQL database:
 * how the embedded default's data moves to a server (ADR 086). PGlite is a newer PostgreSQL than
 * the server's `pg_dump` accepts, so the file is written here, through the ordinary driver.
 *
 * The file holds data only (the schema comes from `npm run db:migrate`, so it is always the one the
 * code expects) and checks, before it changes anything, that the target is at the same migration
 * and holds no user accounts. It runs in one transaction: a failed load leaves the target as it was.
 */

export type ExportedTable = { name: string; rows: number };

/** Tables of the product's data; pg-boss's queue and drizzle's own bookkeeping live in other schemas. */
const schema = "public";
/** Rows read per round trip: enough to keep the server busy, few enough to keep memory flat. */
const batchRows = 5_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One value in COPY's text format: `\N` for null, and backslash, tab, newline and return escaped. */
export function copyText(value: string | null): string {
  if (value === null) return "\\N";
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/**
 * The tables in an order in which every row's foreign keys point at rows already loaded.
 * A table that refers to itself is loaded like any other: its rows come in the order they are read.
 */
export function loadOrder(tables: string[], references: { from: string; to: string }[]): string[] {
  const pending = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of references) if (from !== to && pending.has(to)) pending.get(from)?.add(to);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending]
      .filter(([, needs]) => needs.size === 0)
      .map(([table]) => table)
      .sort();
    if (ready.length === 0)
      throw new Error(`Foreign keys form a cycle between: ${[...pending.keys()].join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      pending.delete(table);
      for (const needs of pending.values()) needs.delete(table);
    }
  }
  return ordered;
}

async function listTables(client: pg.ClientBase): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = $1 and table_type = 'BASE TABLE'`,
    [schema],
  );
  const references = await client.query<{ from: string; to: string }>(
    `select src.relname as from, dst.relname as to
       from pg_constraint c
       join pg_class src on src.oid = c.conrelid
       join pg_class dst on dst.oid = c.confrelid
       join pg_namespace n on n.oid = src.relnamespace
      where c.contype = 'f' and n.nspname = $1`,
    [schema],
  );
  return loadOrder(
    tables.rows.map((row) => row.name),
    references.rows,
  );
}

/** The columns a load writes: generated columns are computed again by the target. */
async function writableColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = $1 and table_name = $2 and is_generated = 'NEVER'
      order by ordinal_position`,
    [schema, table],
  );
  return result.rows.map((row) => row.name);
}

/** Columns whose values come from a sequence (serial and identity), which must continue after the loaded rows. */
async function sequencedColumns(client: pg.ClientBase, table: string, columns: string[]): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select name from unnest($2::text[]) as name
      where pg_get_serial_sequence(quote_ident($3) || '.' || quote_ident($1), name) is not null`,
    [table, columns, schema],
  );
  return result.rows.map((row) => row.name);
}

/**
 * The last migration applied, which the target must also have: the file's columns are that schema's.
 * Named by its time stamp from drizzle's journal, which a migration keeps even if its comments change.
 */
async function lastMigration(client: pg.ClientBase): Promise<string> {
  const result = await client.query<{ createdAt: string }>(
    `select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const createdAt = result.rows[0]?.createdAt;
  if (!createdAt || !/^\d+$/.test(createdAt))
    throw new Error("This database has no migrations applied: there is nothing to export.");
  return createdAt;
}

const stale =
  "TariffScope export: the target database is not at the migration this file was written for. " +
  "Run npm run db:migrate with the same version of TariffScope first.";

/** Our triggers on every table, switched off while the file loads and on again before it commits. */
function userTriggers(tables: string[], change: "DISABLE" | "ENABLE"): string {
  return tables
    .map((table) => `ALTER TABLE ${schema}.${quoteIdent(table)} ${change} TRIGGER USER;`)
    .join("\n");
}

function header(migration: string, tables: string[]): string {
  const all = tables.map((table) => `${schema}.${quoteIdent(table)}`).join(", ");
  return `-- TariffScope data export. Load it into an empty PostgreSQL database migrated by this version:
--   DATABASE_URL=postgres://… npm run db:migrate
--   psql "postgres://…" -v ON_ERROR_STOP=1 -f this-file.sql
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
BEGIN;
DO $check$
BEGIN
  -- Each check is planned only when reached: the first stops a database with no migrations at all.
  IF to_regclass('drizzle.__drizzle_migrations') IS NULL THEN
    RAISE EXCEPTION '${stale}';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at = ${migration})
    OR EXISTS (SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at > ${migration}) THEN
    RAISE EXCEPTION '${stale}';
  END IF;
  IF EXISTS (SELECT 1 FROM ${schema}.${quoteIdent("auth_user")}) THEN
    RAISE EXCEPTION 'TariffScope export: the target database already has user accounts. Load the file into an empty database.';
  END IF;
END
$check$;
-- Rows a migration put in (reference data) are replaced by the exported ones.
TRUNCATE ${all};
-- The file holds every table as it was, including those our triggers keep (the search's distinct
-- names): the triggers stay off while it loads, so nothing is written twice.
${userTriggers(tables, "DISABLE")}
`;
}

/**
 * Writes the data of every table of the product to `write`, table by table, in a load order, and
 * reports each table's row count. Reads inside one repeatable-read transaction, so the file is
 * one consistent moment even while the app is serving.
 */
export async function exportDatabase(
  client: pg.ClientBase,
  write: (chunk: string) => Promise<void>,
  onTable: (table: ExportedTable) => void = () => {},
): Promise<ExportedTable[]> {
  const exported: ExportedTable[] = [];
  await client.query("begin transaction isolation level repeatable read read only");
  try {
    const migration = await lastMigration(client);
    const tables = await listTables(client);
    await write(header(migration, tables));
    for (const table of tables) {
      const columns = await writableColumns(client, table);
      const list = columns.map(quoteIdent).join(", ");
      await write(`\nCOPY ${schema}.${quoteIdent(table)} (${list}) FROM stdin;\n`);
      const texts = columns.map((column) => `${quoteIdent(column)}::text`).join(", ");
      await client.query(
        `declare export_rows no scroll cursor for select ${texts} from ${schema}.${quoteIdent(table)}`,
      );
      let rows = 0;
      for (;;) {
        const batch = await client.query<string[]>({
          text: `fetch ${batchRows} from export_rows`,
          rowMode: "array",
        });
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        await write(batch.rows.map((row) => row.map(copyText).join("\t")).join("\n") + "\n");
      }
      await client.query("close export_rows");
      await write("\\.\n");
      for (const column of await sequencedColumns(client, table, columns)) {
        const target = `${schema}.${quoteIdent(table)}`;
        await write(
          // In a DO block, so psql prints nothing for it.
          `DO $seq$ BEGIN PERFORM setval(pg_get_serial_sequence(${quoteLiteral(target)}, ${quoteLiteral(column)}), ` +
            `coalesce((SELECT max(${quoteIdent(column)}) FROM ${target}), 0) + 1, false); END $seq$;\n`,
        );
      }
      const done = { name: table, rows };
      exported.push(done);
      onTable(done);
    }
    await write(`\n${userTriggers(tables, "ENABLE")}\nCOMMIT;\n`);
  } finally {
    await client.query("rollback");
  }
  return exported;
}
