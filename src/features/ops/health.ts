import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";

export type Health = { status: "ok" | "error"; db: "ok" | "unreachable" };

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function checkHealth(timeoutMs = 2_000): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getDb().execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database timeout")), timeoutMs);
      }),
    ]);
    return { status: "ok", db: "ok" };
  } catch {
    return { status: "error", db: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
