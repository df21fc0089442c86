import fs from "node:fs";
import { once } from "node:events";

import { openDatabase } from "../src/db/connect";
import { exportDatabase } from "../src/db/export";
import { parseEnv } from "../src/lib/env";

/**
 * `npm run db:export -- FILE`: the product's data as one SQL file for `psql` (ADR 086), from the
 * embedded database (through `npm start`'s server when it is running) or from DATABASE_URL.
 * The file is written beside its final name and renamed when complete, so a failed export never
 * leaves a file that looks whole.
 */
const file = process.argv[2];
const env = parseEnv({ ...process.env, EMBEDDED_DATABASE: undefined });

async function main(): Promise<void> {
  if (!file || file.startsWith("-")) throw new Error("usage: npm run db:export -- FILE.sql");
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const client = await database.pool.connect();
  try {
    const tables = await exportDatabase(client, write, (table) =>
      console.log(`${table.name.padEnd(32)} ${table.rows.toLocaleString("en-GB").padStart(12)} rows`),
    );
    out.end();
    await once(out, "finish");
    fs.renameSync(partial, file);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `\nWrote ${file}: ${tables.length} tables, ${rows.toLocaleString("en-GB")} rows. Load it into an empty database:\n` +
        `  DATABASE_URL=postgres://… npm run db:migrate\n` +
        `  psql "postgres://…" -v ON_ERROR_STOP=1 -f ${file}`,
    );
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    client.release();
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
