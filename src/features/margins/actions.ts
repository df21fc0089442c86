"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The margin check's server actions; their checks and behaviour live in commands.ts. */
export const correctMarginMatch = createActionFrom(commands.correctMarginMatch);
export const confirmMarginMatch = createActionFrom(commands.confirmMarginMatch);
export const deleteMarginUpload = createActionFrom(commands.deleteMarginUpload);
