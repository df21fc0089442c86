"use server";

import { createAction } from "@/lib/action";

import * as commands from "./commands";

/** The licence server actions; each one's checks and behaviour live in commands.ts. */
export const searchLicenceUser = createAction(commands.searchUser.options, commands.searchUser.handler);
export const addLicenceUser = createAction(commands.addUser.options, commands.addUser.handler);
export const removeLicenceUser = createAction(commands.removeUser.options, commands.removeUser.handler);
export const cancelLicenceRequest = createAction(
  commands.cancelRequest.options,
  commands.cancelRequest.handler,
);
export const acceptLicenceRequest = createAction(
  commands.acceptRequest.options,
  commands.acceptRequest.handler,
);
export const declineLicenceRequest = createAction(
  commands.declineRequest.options,
  commands.declineRequest.handler,
);
export const inviteLicenceUser = createAction(commands.inviteUser.options, commands.inviteUser.handler);
export const acceptLicenceInvite = createAction(
  commands.joinWithInvite.options,
  commands.joinWithInvite.handler,
);
export const dismissSubscriptionNotice = createAction(
  commands.dismissSubscriptionNotice.options,
  commands.dismissSubscriptionNotice.handler,
);
export const getAccountNoticeState = createAction(
  commands.accountNoticeState.options,
  commands.accountNoticeState.handler,
);
