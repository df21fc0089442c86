import { NextResponse } from "next/server";

import { AppError, toErrorBody } from "./errors";
import { getLogger } from "./logger";

type Handler<Context> = (request: Request, context: Context) => Promise<Response>;

/**
 * Wraps a route handler so that every failure becomes the same JSON error shape,
 * with unknown errors logged in full on the server and hidden from the client (R21).
 */
export function handleRoute<Context>(name: string, handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const { status, body } = toErrorBody(error);
      if (status >= 500) getLogger().error({ err: error, route: name }, "route failed");
      else getLogger().info({ route: name, code: body.error.code }, "route refused");
      return NextResponse.json(body, { status });
    }
  };
}

/** The request's JSON body; a body that is not JSON is the client's mistake (400), not a server error. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new AppError("validation", "The request body is not valid JSON.");
  }
}
