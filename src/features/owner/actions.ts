"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The owner console's server actions; each one's checks and behaviour live in commands.ts. */
export const changeLicenceSeats = createActionFrom(commands.changeSeats);
export const changeApiKeyLimits = createActionFrom(commands.changeKeyLimits);
export const resendLicenceInvite = createActionFrom(commands.resendInvite);
export const suspendOwnerUser = createActionFrom(commands.suspendUser);
export const restoreOwnerUser = createActionFrom(commands.restoreUser);
