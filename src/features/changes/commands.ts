import "server-only";

import { z } from "zod";

import { defineAction } from "@/lib/define-action";
import { getEnv } from "@/lib/env";

import { createFeedToken, revokeFeedToken } from "./feed-tokens";
import { changesFeedPath } from "./paths";

/** The subscriber's own feed address: made (replacing any before) or revoked; the user is the session's. */
export const createChangesFeed = defineAction(
  { name: "changes.feed_created", schema: z.object({}).strict(), access: "subscriber" },
  async (_input, { user }) => ({
    url: `${getEnv().APP_URL}${changesFeedPath(await createFeedToken(user.id))}`,
  }),
);

export const revokeChangesFeed = defineAction(
  { name: "changes.feed_revoked", schema: z.object({}).strict(), access: "subscriber" },
  async (_input, { user }) => ({ revoked: await revokeFeedToken(user.id) }),
);
