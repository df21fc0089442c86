"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The API key actions; each one's checks and behaviour live in commands.ts. */
export const createApiKeyAction = createActionFrom(commands.createKey);
export const revokeApiKeyAction = createActionFrom(commands.revokeKey);
