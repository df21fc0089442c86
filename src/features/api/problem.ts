import { getEnv } from "@/lib/env";
import { errorCodes, toErrorBody, type ErrorCode } from "@/lib/errors";

/**
 * An API error as RFC 9457 problem details (ADR 201): `type` names the kind of problem on the API
 * reference page, `title` says it in a few words, `detail` says what to do about this one. The codes
 * are the app's own (`lib/errors.ts`), plus `key_in_url`.
 */
export type ProblemCode = ErrorCode | "key_in_url" | "internal";

const titles: Record<ProblemCode, { status: number; title: string }> = {
  ...(Object.fromEntries(
    Object.entries(errorCodes).map(([code, { status, message }]) => [code, { status, title: message }]),
  ) as Record<ErrorCode, { status: number; title: string }>),
  unauthorized: { status: 401, title: "A valid API key is needed." },
  subscription_required: { status: 403, title: "The licence has no active subscription." },
  rate_limited: { status: 429, title: "Too many requests for this key." },
  key_in_url: { status: 400, title: "An API key must not be sent in the address." },
  internal: { status: 500, title: "Something went wrong on our side." },
};

export class ApiProblem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly retryAfterSeconds?: number;
  constructor(code: ProblemCode, detail: string, options: { retryAfterSeconds?: number } = {}) {
    super(detail);
    this.code = code;
    this.status = titles[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export type Problem = { type: string; title: string; status: number; detail: string; code: ProblemCode };

/** Where a problem type is explained: the API reference page's section on errors. */
export const problemType = (code: ProblemCode) => `${getEnv().APP_URL}/help/api-reference#error-${code}`;

/** A thrown value as an API problem: the app's own errors keep their code and words; anything else is `internal`. */
export function asProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const { code, message } = toErrorBody(error).body.error;
  return new ApiProblem(
    code,
    code === "internal" ? "Please try again; if it keeps failing, contact us." : message,
  );
}

/** The problem as its response: `application/problem+json`, with `Retry-After` and `WWW-Authenticate` where they apply. */
export function problemResponse(problem: ApiProblem): Response {
  const body: Problem = {
    type: problemType(problem.code),
    title: titles[problem.code].title,
    status: problem.status,
    detail: problem.message,
    code: problem.code,
  };
  const headers = new Headers({ "content-type": "application/problem+json", "cache-control": "no-store" });
  if (problem.retryAfterSeconds !== undefined) headers.set("retry-after", String(problem.retryAfterSeconds));
  if (problem.status === 401) headers.set("www-authenticate", 'Bearer realm="tariffscope-api"');
  return new Response(JSON.stringify(body), { status: problem.status, headers });
}

/** Every problem code with its status and title: the reference page lists them. */
export const problemCodes = Object.entries(titles).map(([code, { status, title }]) => ({
  code: code as ProblemCode,
  status,
  title,
}));
