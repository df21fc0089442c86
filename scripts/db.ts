import { sql } from "drizzle-orm";

import { openDatabase } from "../src/db/connect";
import { migrateDatabase } from "../src/db/migrate";
import { seedDatabase } from "../src/db/seed";
import { jobSchema } from "../src/lib/jobs";
import { isOperatorDatabase, parseEnv, shouldSeedDemoData } from "../src/lib/env";

/**
 * `npm run db:migrate | db:seed | db:reset`. Works whether or not `npm start` is running:
 * with it running on the embedded database it goes through that server.
 */
const command = process.argv[2];
const env = parseEnv({ ...process.env, EMBEDDED_DATABASE: undefined });

async function main() {
  if (!["migrate", "seed", "reset"].includes(command ?? ""))
    throw new Error("usage: tsx scripts/db.ts migrate|seed|reset");
  if (command === "reset" && isOperatorDatabase(env) && !process.argv.includes("--force")) {
    throw new Error("Refusing to reset a database named by DATABASE_URL. Add --force if you really mean it.");
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onRetry: (message) => console.log(message),
  });
  try {
    if (command === "reset") {
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      // pg-boss recreates its own schema when the app next starts; its queued runs belong to the old data.
      await database.db.execute(sql`drop schema if exists ${sql.identifier(jobSchema)} cascade`);
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`create schema public`);
      console.log("Dropped every table.");
    }
    await migrateDatabase(database.db);
    console.log("Migrations applied.");
    if (command !== "migrate") {
      const report = await seedDatabase(database.db, { demo: shouldSeedDemoData(env) });
      console.log(
        report.inserted ? `Seeded ${report.inserted} rows.` : "Seed data already present; nothing to do.",
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
