"use server";

import { createActionFrom } from "@/lib/action";

import * as commands from "./commands";

/** The licence server actions; each one's checks and behaviour live in commands.ts. */
export const searchLicenceUser = createActionFrom(commands.searchUser);
export const addLicenceUser = createActionFrom(commands.addUser);
export const removeLicenceUser = createActionFrom(commands.removeUser);
export const cancelLicenceRequest = createActionFrom(commands.cancelRequest);
export const acceptLicenceRequest = createActionFrom(commands.acceptRequest);
export const declineLicenceRequest = createActionFrom(commands.declineRequest);
export const inviteLicenceUser = createActionFrom(commands.inviteUser);
export const acceptLicenceInvite = createActionFrom(commands.joinWithInvite);
export const dismissSubscriptionNotice = createActionFrom(commands.dismissSubscriptionNotice);
export const getAccountNoticeState = createActionFrom(commands.accountNoticeState);
