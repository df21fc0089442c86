"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The change feed's server actions; each one's checks and behaviour live in commands.ts. */
export const createChangesFeedAction = createActionFrom(commands.createChangesFeed);
export const revokeChangesFeedAction = createActionFrom(commands.revokeChangesFeed);
