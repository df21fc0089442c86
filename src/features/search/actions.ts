"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The search's server actions; their checks and behaviour live in commands.ts. */
export const saveSearchParts = createAction(
  commands.saveSearchParts.options,
  commands.saveSearchParts.handler,
);
