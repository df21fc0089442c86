import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it needs no database. Migrations are applied by src/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
