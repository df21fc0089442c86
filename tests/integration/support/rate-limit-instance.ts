import { closeDb } from "@/db/client";
import { consumeRateLimit } from "@/lib/security/rate-limit";

/**
 * One "app instance" for the multi-instance rate-limit test (abuse case 14): its own process, its own
 * connection pool and memory, counting `ATTEMPTS` attempts against the shared `KEY` in DATABASE_URL.
 * Prints how many were allowed as one JSON line.
 */
const key = process.env.KEY ?? "instances:key";
const attempts = Number(process.env.ATTEMPTS ?? "10");
const rule = { max: Number(process.env.MAX ?? "5"), windowSeconds: 3600 };
let allowed = 0;
for (let i = 0; i < attempts; i++) if ((await consumeRateLimit(key, rule)).allowed) allowed += 1;
console.log(JSON.stringify({ allowed }));
await closeDb();
