import commonPasswords from "./common-passwords.json";

/**
 * Password rules (docs/security.md R8, ASVS 6.2): at least 8 characters (the form recommends 15 or more),
 * up to 128, any characters, and none of the 3,000 most common passwords. No composition rules and
 * no forced rotation.
 */
export const passwordLimits = { min: 8, recommended: 15, max: 128 } as const;

const common = new Set((commonPasswords as string[]).map((password) => password.toLowerCase()));

export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  const length = [...password].length;
  if (length < passwordLimits.min) return `Use at least ${passwordLimits.min} characters.`;
  if (length > passwordLimits.max) return `Use at most ${passwordLimits.max} characters.`;
  if (common.has(password.toLowerCase())) {
    return "This password is one of the most commonly used and easy to guess. Please choose another.";
  }
  if (context.email && password.toLowerCase() === context.email.toLowerCase()) {
    return "Your password must not be your e-mail address.";
  }
  return null;
}
