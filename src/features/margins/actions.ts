"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The margin check's server actions; their checks and behaviour live in commands.ts. */
export const correctMarginMatch = createAction(
  commands.correctMarginMatch.options,
  commands.correctMarginMatch.handler,
);

export const confirmMarginMatch = createAction(
  commands.confirmMarginMatch.options,
  commands.confirmMarginMatch.handler,
);

export const deleteMarginUpload = createAction(
  commands.deleteMarginUpload.options,
  commands.deleteMarginUpload.handler,
);
