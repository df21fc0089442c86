import "server-only";

import { z } from "zod";

import { getDb } from "@/db/client";
import { defineAction } from "@/lib/define-action";
import { getEnv } from "@/lib/env";
import { listsChanged } from "@/features/tariff/prepared-lists";
import { getLogger } from "@/lib/logger";

import { runRequestOf } from "./fetch/job";
import { runFetch, runningRun } from "./fetch/runs";

/**
 * "Fetch now" in the import console (ADR 116): starts a pass of every fetcher in the background, as
 * the schedule would, unless one is under way. The console follows it in the run list; the pass
 * outlives the request, as a scheduled one does.
 */
export const fetchNow = defineAction(
  { name: "imports.fetch_now", schema: z.object({}).strict(), access: "owner" },
  async (_input, { user }) => {
    if (await runningRun(getDb())) return { started: false as const };
    runFetch(getDb(), runRequestOf(getEnv(), "manual", user.email))
      .then((result) => {
        if (!result.started) return;
        if (result.outcome === "imported") listsChanged();
        getLogger().info({ runId: result.runId, outcome: result.outcome }, "fetch now finished");
      })
      .catch((error: unknown) => getLogger().error({ err: error }, "fetch now failed"));
    return { started: true as const };
  },
);
