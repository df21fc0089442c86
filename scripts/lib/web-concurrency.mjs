// How many web server processes `npm start` runs (ADR 012). Plain JavaScript: scripts/serve.mjs runs
// outside Next's compiler.

/** The most processes chosen without WEB_CONCURRENCY: each holds its own Next.js and a pool of 10. */
export const defaultMaxWorkers = 4;

/**
 * WEB_CONCURRENCY when set (1–32); otherwise one per core up to four on a real PostgreSQL server,
 * and one for the dev server or the embedded database (PGlite runs one query at a time, so more
 * processes would only queue on it).
 */
export function webConcurrency({ env, dev, cpus }) {
  const configured = env.WEB_CONCURRENCY?.trim();
  if (configured) {
    const workers = Number(configured);
    if (!Number.isInteger(workers) || workers < 1 || workers > 32) {
      throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 32, not "${configured}".`);
    }
    return dev ? 1 : workers;
  }
  if (dev || env.EMBEDDED_DATABASE === "1") return 1;
  return Math.max(1, Math.min(cpus, defaultMaxWorkers));
}
