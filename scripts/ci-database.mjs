// Creates or drops the throwaway database .ci/run uses for its second test run.
// Usage: node scripts/ci-database.mjs create|drop NAME   (server: CI_POSTGRES_URL, default 127.0.0.1:5432/test)
import pg from "pg";

const [action, name] = process.argv.slice(2);
const serverUrl = process.env.CI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
if (
  !["create", "drop", "check"].includes(action) ||
  (action !== "check" && !/^[a-z0-9_]+$/.test(name ?? ""))
) {
  console.error("usage: node scripts/ci-database.mjs check | create NAME | drop NAME");
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  if (action === "create") await client.query(`create database ${name}`);
  if (action === "drop") await client.query(`drop database if exists ${name} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name ?? url.pathname.slice(1)}`;
  console.log(url.toString());
} catch (error) {
  console.error(`PostgreSQL at ${new URL(serverUrl).host}: ${error.message || error.code}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
