import "server-only";

import { headers } from "next/headers";
import { z } from "zod";

import { clientAddressOf } from "./client-address";
import { AppError, toErrorBody, type ErrorCode } from "./errors";
import { getLogger } from "./logger";
import { getCurrentUser, type CurrentUser } from "./session";

/** What every server action returns: data, or a code and a message the form can show as it is. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode | "internal"; message: string; fieldErrors?: Record<string, string[]> };

export type Access = "public" | "user" | "subscriber" | "admin" | "owner";

export type ActionContext<A extends Access> = {
  user: A extends "public" ? CurrentUser | null : CurrentUser;
  clientAddress: string | null;
};

type ActionOptions<S extends z.ZodType, A extends Access> = { name: string; schema: S; access: A };
type Handler<S extends z.ZodType, T, A extends Access> = (
  input: z.infer<S>,
  context: ActionContext<A>,
) => Promise<T>;

function authorise(access: Access, user: CurrentUser | null): void {
  if (access === "public") return;
  if (!user) throw new AppError("unauthorized");
  // The owner console answers 404 to everyone else, so its actions do not reveal it either.
  if (access === "owner") {
    if (!user.isOwner) throw new AppError("not_found");
    return;
  }
  if ((access === "subscriber" || access === "admin") && !user.subscribed)
    throw new AppError("subscription_required");
  if (access === "admin" && !user.admin) throw new AppError("forbidden");
}

/**
 * The checks every action runs, given who is asking: role and subscription first, then a strict
 * schema (unknown fields are refused, so no billing or role field can be slipped in, R3), then the
 * handler; every failure comes back in the same shape. Tests call this with a user of their own.
 */
export async function runAction<S extends z.ZodType, T, A extends Access>(
  options: ActionOptions<S, A>,
  handler: Handler<S, T, A>,
  input: unknown,
  caller: { user: CurrentUser | null; clientAddress: string | null },
): Promise<ActionResult<T>> {
  try {
    authorise(options.access, caller.user);
    const parsed = options.schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
      return { ok: false, code: "validation", message: "Please check the highlighted fields.", fieldErrors };
    }
    const data = await handler(parsed.data, caller as ActionContext<A>);
    return { ok: true, data };
  } catch (error) {
    const { status, body } = toErrorBody(error);
    if (status >= 500) getLogger().error({ err: error, action: options.name }, "action failed");
    else
      getLogger().info(
        { action: options.name, code: body.error.code, userId: caller.user?.id },
        "action refused",
      );
    return { ok: false, ...body.error };
  }
}

/**
 * The one way to write a server action (ADR 001): the session and client address come
 * from the request, never from the browser's input.
 */
export function createAction<S extends z.ZodType, T, A extends Access>(
  options: ActionOptions<S, A>,
  handler: Handler<S, T, A>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    let caller: { user: CurrentUser | null; clientAddress: string | null };
    try {
      caller = { user: await getCurrentUser(), clientAddress: clientAddressOf(await headers()) };
    } catch (error) {
      getLogger().error({ err: error, action: options.name }, "action could not read the session");
      return { ok: false, ...toErrorBody(error).body.error };
    }
    return runAction(options, handler, input, caller);
  };
}

/** `createAction` for an action defined as data with `defineAction` (lib/define-action.ts). */
export function createActionFrom<S extends z.ZodType, T, A extends Access>(command: {
  options: ActionOptions<S, A>;
  handler: Handler<S, T, A>;
}): (input: z.input<S>) => Promise<ActionResult<T>> {
  return createAction(command.options, command.handler);
}
