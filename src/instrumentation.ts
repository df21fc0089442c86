/**
 * Runs once as each web server process starts, before it serves anyone (Node.js runtime only: the
 * check is in its own module so no other runtime bundles it).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { stopUnlessServable } = await import("@/lib/startup-checks");
    stopUnlessServable();
  }
}
