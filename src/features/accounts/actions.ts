"use server";

import { headers } from "next/headers";
import { z } from "zod";

import { createAction, createActionFrom } from "@/lib/action";

import * as commands from "./commands";
import { registerAccount } from "./registration";
import { signUpSchema } from "./schemas";

/** Sign-up: see `registerAccount`. */
export const signUp = createAction(
  { name: "accounts.signUp", schema: signUpSchema, access: "public" },
  async (input, { clientAddress }) => registerAccount(input, { headers: await headers(), clientAddress }),
);

export const updatePersonalDetails = createActionFrom(commands.updatePersonalDetails);

export const updateEdition = createActionFrom(commands.updateEdition);

/** Whether the just-verified user already has a subscription (an invited delegate does). */
export const getAccountStatus = createAction(
  { name: "accounts.getAccountStatus", schema: z.object({}).strict(), access: "user" },
  async (_input, { user }) => ({ subscribed: user.subscribed }),
);
