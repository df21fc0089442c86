"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The import console's server actions; each one's checks and behaviour live in commands.ts. */
export const fetchNowAction = createAction(commands.fetchNow.options, commands.fetchNow.handler);
