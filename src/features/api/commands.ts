import "server-only";

import { z } from "zod";

import { defineAction as define } from "@/lib/define-action";
import { AppError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/session";

import { ApiKeyLimitReached, createApiKey, revokeApiKey } from "./keys";

/** The admin's own licence: a key is made and revoked for it and no other (R2). */
function ownLicence(user: CurrentUser): string {
  if (!user.licenceId) throw new AppError("forbidden", "You have no licence to manage.");
  return user.licenceId;
}

export const createKeySchema = z
  .object({
    name: z.string().trim().min(1, "Give the key a name.").max(60, "Keep the name to 60 characters."),
  })
  .strict();

/** Makes a key for the admin's licence; the answer holds the key, shown to the admin once. */
export const createKey = define(
  { name: "api.createKey", schema: createKeySchema, access: "admin" },
  async ({ name }, { user }) => {
    try {
      const { key, summary } = await createApiKey(ownLicence(user), user.id, name);
      return { key, summary };
    } catch (error) {
      if (error instanceof ApiKeyLimitReached) throw new AppError("conflict", error.message);
      throw error;
    }
  },
);

export const revokeKey = define(
  { name: "api.revokeKey", schema: z.object({ keyId: z.uuid() }).strict(), access: "admin" },
  async ({ keyId }, { user }) => {
    if (!(await revokeApiKey(ownLicence(user), keyId)))
      throw new AppError("not_found", "Your licence has no such key in use.");
    return { revoked: true };
  },
);
