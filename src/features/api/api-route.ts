import "server-only";

import { createHash } from "node:crypto";

import { z } from "zod";

import type { DataColumn, DataRow } from "@/components/data-table/format";
import { tableCsv } from "@/components/data-table/csv";
import { byDataVersion, dataVersionEtag } from "@/lib/data-version-cache";
import { getLogger } from "@/lib/logger";

import { apiBasePath } from "./contract";
import { authenticateApiCall, keyLike, type ApiCaller } from "./keys";
import type { Operation } from "./operations";
import { ApiProblem, asProblem, problemResponse } from "./problem";

/** What an operation answers: its body, made only when sent, and how it reads as a CSV file. */
export type ApiAnswer<T> = {
  /**
   * What the answer depends on, when that is known before it is made (the tariff data's version and
   * the question): a repeat is then answered 304 without making it. Otherwise the body's own hash.
   */
  version?: { version: string; key: string };
  body: () => Promise<T>;
  csv: (body: T) => { columns: DataColumn[]; rows: DataRow[] };
  fileName: string;
  /** The next page's address, when there is one. */
  next?: (body: T) => string | null;
};

type Input<O extends Operation> = {
  query: z.infer<O["query"]>;
  params: O["params"] extends z.ZodObject ? z.infer<O["params"]> : Record<string, never>;
  caller: ApiCaller;
  url: URL;
};

/** Query parameters that would carry a key: a key belongs in the Authorization header only. */
const keyParameters = new Set([
  "api_key",
  "apikey",
  "key",
  "token",
  "access_token",
  "authorization",
  "bearer",
]);

function refuseKeyInUrl(url: URL): void {
  for (const [name, value] of url.searchParams)
    if (keyParameters.has(name.toLowerCase()) || keyLike.test(value) || keyLike.test(name))
      throw new ApiProblem(
        "key_in_url",
        "Send the API key in the Authorization header (`Authorization: Bearer <key>`), never in the address: addresses are kept in logs and browser histories. If a real key was sent this way, revoke it and make a new one.",
      );
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const detail = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  throw new ApiProblem("validation", detail);
}

/** Whether `If-None-Match` names this entity tag (a proxy that compresses may have weakened it). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  (ifNoneMatch ?? "").split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);

const wantsCsv = (format: unknown, accept: string | null) =>
  format === "csv" || (format === undefined && /\btext\/csv\b/i.test(accept ?? ""));

/**
 * A data API route (ADR 200–202): a key in the address is refused before anything else; the caller
 * is the Bearer key alone (no cookie is read), counted against its allowance; the parameters are the
 * operation's schemas'; the answer is JSON or CSV, with an entity tag, and 304 to a repeat. Every
 * failure is a problem details answer. The key itself is never logged.
 */
export function apiRoute<O extends Operation, P extends Record<string, string> = Record<string, string>>(
  operation: O,
  run: (input: Input<O>) => Promise<ApiAnswer<z.infer<O["answer"]>>>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    const url = new URL(request.url);
    let caller: ApiCaller | undefined;
    try {
      refuseKeyInUrl(url);
      caller = await authenticateApiCall(request.headers.get("authorization"));
      const params = parse(operation.params ?? z.object({}), (await context?.params) ?? {});
      const query = parse(operation.query, Object.fromEntries(url.searchParams));
      const answer = await run({ query, params, caller, url } as Input<O>);
      const csv = wantsCsv((query as { format?: unknown }).format, request.headers.get("accept"));
      const format = csv ? "csv" : "json";
      const headers = new Headers({ "cache-control": "private, no-cache", vary: "Accept, Authorization" });
      let etag = answer.version
        ? dataVersionEtag(answer.version.version, `${answer.version.key}|${format}`)
        : null;
      if (etag && matches(request.headers.get("if-none-match"), etag)) {
        headers.set("etag", etag);
        return new Response(null, { status: 304, headers });
      }
      const render = async () => {
        const body = await answer.body();
        const table = csv ? answer.csv(body) : null;
        return {
          text: table ? tableCsv(table.columns, table.rows) : JSON.stringify(body),
          next: answer.next?.(body) ?? null,
        };
      };
      // An answer of the tariff data alone is written once per data version and kept as its text: a
      // whole Part VIIIA month is 0.9 MB of JSON, costly to make again for every call.
      const { text, next } = answer.version
        ? await byDataVersion(answer.version.version, `${answer.version.key}|${format}|text`, render)
        : await render();
      etag ??= `"${createHash("sha256").update(`${format}|${text}`).digest("base64url").slice(0, 27)}"`;
      headers.set("etag", etag);
      if (matches(request.headers.get("if-none-match"), etag))
        return new Response(null, { status: 304, headers });
      if (next) headers.set("link", `<${next}>; rel="next"`);
      if (csv) {
        headers.set("content-type", "text/csv; charset=utf-8");
        headers.set("content-disposition", `attachment; filename="${answer.fileName}.csv"`);
      } else headers.set("content-type", "application/json; charset=utf-8");
      return new Response(text, { headers });
    } catch (error) {
      const problem = asProblem(error);
      const fields = { route: `${apiBasePath}${operation.path}`, code: problem.code, keyId: caller?.keyId };
      if (problem.status >= 500) getLogger().error({ ...fields, err: error }, "api call failed");
      else getLogger().info(fields, "api call refused");
      return problemResponse(problem);
    }
  };
}

/** The address of the same call with `changes` to its query: a next page's link. */
export function withQuery(url: URL, changes: Record<string, string>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(changes)) next.searchParams.set(name, value);
  return `${next.pathname}${next.search}`;
}
