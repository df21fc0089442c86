"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The change feed's server actions; each one's checks and behaviour live in commands.ts. */
export const createChangesFeedAction = createAction(
  commands.createChangesFeed.options,
  commands.createChangesFeed.handler,
);
export const revokeChangesFeedAction = createAction(
  commands.revokeChangesFeed.options,
  commands.revokeChangesFeed.handler,
);
