"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The margin check's server actions; their checks and behaviour live in commands.ts. */
export const correctMarginMatch = createAction(
  commands.correctMarginMatch.options,
  commands.correctMarginMatch.handler,
);
