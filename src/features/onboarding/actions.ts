"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The onboarding server actions; their checks and behaviour live in commands.ts. */
export const recordTourOutcome = createActionFrom(commands.recordTourOutcome);
