/**
 * Runs once as each web server process starts (Node.js runtime only; what it loads stays out of any
 * other runtime's bundle). First the process checks it can serve safely, and stops if not; then the
 * background jobs (ADR 039) start beside the requests, on the queue in the database, so one process
 * takes each run however many there are, and the lists' first views are made ready (ADR 223).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { stopUnlessServable } = await import("@/lib/startup-checks");
    stopUnlessServable();
    const [
      { startJobs },
      { billingReconcileJob },
      { announceImports, watchlistAlertsJob, watchlistDigestJob },
      { getEnv },
      { getLogger },
      { getDb },
      { publisherPollJob, scheduledFetchJob },
      { testTrialsJob },
      { keepListViewsPrepared },
    ] = await Promise.all([
      import("@/lib/jobs"),
      import("@/features/billing/reconcile"),
      import("@/features/watchlists/alerts"),
      import("@/lib/env"),
      import("@/lib/logger"),
      import("@/db/client"),
      import("@/features/imports/fetch/job"),
      import("@/features/billing/trial"),
      import("@/features/tariff/prepared-lists"),
    ]);
    const jobs = [
      billingReconcileJob(getEnv().BILLING_RECONCILE_CRON),
      watchlistAlertsJob(getEnv().WATCHLIST_ALERTS_CRON),
      watchlistDigestJob(getEnv().WATCHLIST_DIGEST_CRON),
      scheduledFetchJob(),
      // A change on a publisher's page is imported and announced in the same run (ADR 206).
      publisherPollJob((importIds) => announceImports(getDb(), importIds)),
      testTrialsJob(),
    ];
    // Not awaited: the queue getting ready must not hold up the first request, and a database that
    // cannot be reached now is tried again rather than leaving this process without its jobs.
    const start = () =>
      startJobs(jobs).catch((error: unknown) => {
        getLogger().error({ err: error }, "background jobs did not start; trying again in a minute");
        setTimeout(start, 60_000).unref();
      });
    void start();
    // Each list's first view is built once for every process, before its first subscriber asks
    // (ADR 223): a real Part IX month is seconds of CPU, which a cold process must not spend per request.
    keepListViewsPrepared();
  }
}
