import { isDatabaseUnavailable } from "@/db/unavailable";

/**
 * One error type for everything the product reports on purpose. Anything else is a bug:
 * it is logged in full and shown to the user only as a generic message.
 */
export const errorCodes = {
  unauthorized: { status: 401, message: "Please log in to continue." },
  forbidden: { status: 403, message: "You do not have permission for this page" },
  not_found: { status: 404, message: "We could not find what you were looking for." },
  conflict: { status: 409, message: "That change conflicts with another one. Please reload and try again." },
  seat_limit_reached: { status: 409, message: "Your licence has no free seats." },
  subscription_required: { status: 402, message: "An active subscription is needed for this." },
  rate_limited: { status: 429, message: "Too many attempts. Please wait a moment and try again." },
  validation: { status: 400, message: "Some of the details are not valid." },
  bad_file: { status: 422, message: "The file could not be read." },
  unsupported_media_type: { status: 415, message: "Send the request as JSON." },
  too_large: { status: 413, message: "The request is too large." },
  unavailable: { status: 503, message: "The service is temporarily unavailable. Please try again shortly." },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  /** For a refusal that ends at a known time (a rate limit): the seconds until then, sent as `Retry-After`. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { cause?: unknown; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number },
  ) {
    super(message ?? errorCodes[code].message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.fieldErrors = options?.fieldErrors;
    this.retryAfterSeconds =
      options?.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

export type ErrorBody = {
  error: { code: ErrorCode | "internal"; message: string; fieldErrors?: Record<string, string[]> };
};

const internal = { status: 500, message: "Something went wrong on our side. Please try again." };

/** The status and body a client may see for any thrown value. Internals never leave the server. */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (isDatabaseUnavailable(error)) {
    const { status, message } = errorCodes.unavailable;
    return { status, body: { error: { code: "unavailable", message } } };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, fieldErrors: error.fieldErrors } },
    };
  }
  return { status: internal.status, body: { error: { code: "internal", message: internal.message } } };
}
