import { NextResponse } from "next/server";

import { AppError, toErrorBody } from "./errors";
import { getLogger } from "./logger";

type Handler<Context> = (request: Request, context: Context) => Promise<Response>;

/**
 * Wraps a route handler so that every failure becomes the same JSON error shape,
 * with unknown errors logged in full on the server and hidden from the client (R21), and a refusal
 * that ends at a known time saying when in `Retry-After`.
 */
export function handleRoute<Context>(name: string, handler: Handler<Context>): Handler<Context> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const { status, body } = toErrorBody(error);
      if (status >= 500) getLogger().error({ err: error, route: name }, "route failed");
      else getLogger().info({ route: name, code: body.error.code }, "route refused");
      const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
      return NextResponse.json(body, {
        status,
        headers: retryAfter === undefined ? undefined : { "retry-after": String(retryAfter) },
      });
    }
  };
}

/**
 * The request's body, refused (413) as soon as it passes `maxBytes`: a declared length over the cap is
 * refused before anything is read, and a body without one is read only up to the cap, so a client
 * cannot make the server hold more than that in memory.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (declared > maxBytes) throw new AppError("too_large");
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Larger than any JSON body the app's own pages send. */
const maxJsonBytes = 64 * 1024;

/** The request's JSON body; a body that is not JSON is the client's mistake (400), not a server error. */
export async function readJsonBody(request: Request, maxBytes = maxJsonBytes): Promise<unknown> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw new AppError("validation", "The request body is not valid JSON.");
  }
}
