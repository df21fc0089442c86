"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The owner console's server actions; each one's checks and behaviour live in commands.ts. */
export const changeLicenceSeats = createAction(commands.changeSeats.options, commands.changeSeats.handler);
export const resendLicenceInvite = createAction(commands.resendInvite.options, commands.resendInvite.handler);
export const suspendOwnerUser = createAction(commands.suspendUser.options, commands.suspendUser.handler);
export const restoreOwnerUser = createAction(commands.restoreUser.options, commands.restoreUser.handler);
