/**
 * Better Auth answers errors as `{ code, message }`. The user sees the clean message (product §8: the
 * provider's text without its error-class prefix), with wording of ours where it helps.
 */
export type AuthErrorLike = { code?: string; message?: string; status?: number } | null | undefined;

const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password",
  EMAIL_NOT_VERIFIED: "Email not confirmed",
  INVALID_OTP: "That code is not right. Please check it and try again.",
  OTP_EXPIRED: "That code has expired. Please ask for a new one.",
  TOO_MANY_ATTEMPTS: "Too many wrong codes. Please ask for a new one.",
  INVALID_TOKEN: "This link is invalid or has expired. Please ask for a new one.",
};

export function authErrorMessage(error: AuthErrorLike, fallback: string): string {
  if (!error) return fallback;
  if (error.status === 429 && !error.message?.startsWith("Please wait")) {
    return "Too many attempts. Please wait a moment and try again.";
  }
  if (error.code && messages[error.code]) return messages[error.code]!;
  return error.message?.replace(/^[A-Za-z]*Error:\s*/, "") || fallback;
}

export function isEmailNotConfirmed(error: AuthErrorLike): boolean {
  return error?.code === "EMAIL_NOT_VERIFIED" || Boolean(error?.message?.includes("Email not confirmed"));
}
