import type { z } from "zod";

import type { Access, ActionContext } from "./action";

/**
 * An action as plain data — its access rule, its strict schema and its handler — so that a
 * `"use server"` file can wrap it with `createAction` and tests can run it with `runAction`.
 */
export function defineAction<S extends z.ZodType, A extends Access, T>(
  options: { name: string; schema: S; access: A },
  handler: (input: z.infer<S>, context: ActionContext<A>) => Promise<T>,
) {
  return { options, handler };
}
