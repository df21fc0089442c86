import "server-only";

import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { emailOTP } from "better-auth/plugins";
import { and, eq, inArray, lt, or, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { account, profiles, rateLimit, session, user, userSuspensions, verification } from "@/db/schema";
import { consumeEmailAllowance } from "@/lib/security/email-allowance";
import { signedInHintCookie } from "@/lib/security/signed-in-hint";
import { passwordResetEmail, sendEmail, verificationCodeEmail } from "@/lib/email";

import { clientAddressHeader } from "./client-address";
import { getEnv, servesHttps } from "./env";
import { getLogger } from "./logger";
import { passwordProblem } from "./security/password-policy";
import { authCookiePrefix } from "./security/session-cookie";
import { trustedOrigins } from "./security/trusted-origins";
import { site } from "./site";

/** docs/security.md R5, R9, R11: the numbers we hold, in one place. */
export const authPolicy = {
  otpLength: 6,
  otpExpiresInSeconds: 5 * 60,
  otpAllowedAttempts: 3,
  passwordResetExpiresInSeconds: 60 * 60,
  sessionSlidingSeconds: 7 * 24 * 60 * 60,
  sessionRefreshSeconds: 24 * 60 * 60,
  sessionAbsoluteSeconds: 30 * 24 * 60 * 60,
} as const;

/** Endpoints we do not offer: sign-up goes through our own action (terms acceptance, profile). */
const disabledPaths = [
  "/sign-up/email",
  "/sign-in/email-otp",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/email-otp/reset-password",
  "/email-otp/check-verification-otp",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
  "/send-verification-email",
  "/verify-email",
  "/change-email",
  "/update-user",
  "/delete-user",
  "/link-social",
  "/sign-in/social",
];

const securityEventPaths = new Set([
  "/sign-in/email",
  "/email-otp/verify-email",
  "/email-otp/send-verification-otp",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
]);

const developmentSecret = "tariffscope-development-secret-not-for-production-use";

function authSecret(): string {
  const env = getEnv();
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === "production") throw new Error("BETTER_AUTH_SECRET is not set (see .env.example).");
  return developmentSecret;
}

/** E-mails are sent in the background, so a known and an unknown address answer alike (R7). */
const pendingEmails = new Set<Promise<unknown>>();
function sendInBackground(send: Promise<unknown>) {
  const tracked = send
    .catch((error: unknown) => getLogger().error({ err: error }, "auth e-mail failed"))
    .finally(() => pendingEmails.delete(tracked));
  pendingEmails.add(tracked);
}

/** For tests and graceful shutdown: waits until every e-mail queued so far has been handed over. */
export async function settleAuthEmails(): Promise<void> {
  await Promise.all([...pendingEmails]);
}

function bodyEmail(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * R11: a session ends `sessionAbsoluteSeconds` after sign-in, however often sliding renewal moved its
 * expiry on; and a suspended user's session ends at once (ADR 075). The condition on a session row,
 * for a statement that deletes such sessions or one that reads them (lib/session.ts, ADR 231);
 * `cutoff` is `sessionStartCutoff()`. Suspension is a subquery, so it costs no extra round trip.
 */
export function sessionEnded(cutoff: Date): SQL {
  return or(
    lt(session.createdAt, cutoff),
    inArray(session.userId, getDb().select({ id: userSuspensions.userId }).from(userSuspensions)),
  )!;
}

/** The sign-in time before which a session has passed the absolute limit (R11). */
export function sessionStartCutoff(): Date {
  return new Date(Date.now() - authPolicy.sessionAbsoluteSeconds * 1000);
}

/**
 * Run before every endpoint and every server-side `auth.api` call: an ended session
 * (`sessionEnded`) is deleted first, so Better Auth finds none and answers as it does for a
 * signed-out visitor.
 */
async function revokeIfEnded(token: string): Promise<void> {
  const cutoff = sessionStartCutoff();
  const revoked = await getDb()
    .delete(session)
    .where(and(eq(session.token, token), sessionEnded(cutoff)))
    .returning({ userId: session.userId, createdAt: session.createdAt });
  for (const { userId, createdAt } of revoked)
    getLogger().info(
      { userId },
      createdAt < cutoff ? "session ended at its absolute limit" : "session of a suspended user ended",
    );
}

/** The message a suspended user sees when they try to sign in. */
export const suspendedMessage =
  "This account has been suspended. Please contact support if you think this is a mistake.";

type Env = ReturnType<typeof getEnv>;
type Logger = ReturnType<typeof getLogger>;

function createAuth() {
  const env = getEnv();
  const logger = getLogger();
  return betterAuth({
    appName: site.name,
    baseURL: env.APP_URL,
    secret: authSecret(),
    trustedOrigins: trustedOrigins(env),
    disabledPaths,
    logger: authLogger(logger),
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword,
    emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true },
    session: {
      expiresIn: authPolicy.sessionSlidingSeconds,
      updateAge: authPolicy.sessionRefreshSeconds,
      // Known issue: with the cookie cache on, server components can see no session.
      cookieCache: { enabled: false },
    },
    rateLimit: rateLimits,
    advanced: advancedOptions(env),
    databaseHooks: { session: { create: sessionCreateHooks(logger) } },
    hooks: { before: beforeEndpoint(logger), after: afterEndpoint(env, logger) },
    plugins: [emailOTP(emailOtpOptions), nextCookies()],
  });
}

/**
 * Better Auth's own messages go to our log, through its error serialiser: a failed query's values
 * (a session token, an e-mail address) never reach the log (R21).
 */
function authLogger(logger: Logger) {
  return {
    level: "warn",
    log: (level, message, ...args: unknown[]) =>
      logger[level]({ err: args.find((arg) => arg instanceof Error) }, `[Better Auth] ${message}`),
  } satisfies BetterAuthOptions["logger"];
}

const emailAndPassword = {
  enabled: true,
  requireEmailVerification: true,
  autoSignIn: false,
  minPasswordLength: 8,
  maxPasswordLength: 128,
  revokeSessionsOnPasswordReset: true,
  resetPasswordTokenExpiresIn: authPolicy.passwordResetExpiresInSeconds,
  sendResetPassword: async ({ user: recipient, url }) => {
    sendInBackground(
      sendEmail(
        {
          to: recipient.email,
          ...(await passwordResetEmail({ url, minutes: authPolicy.passwordResetExpiresInSeconds / 60 })),
        },
        { essential: true },
      ),
    );
  },
} satisfies BetterAuthOptions["emailAndPassword"];

const rateLimits = {
  enabled: true,
  storage: "database",
  window: 60,
  max: 100,
  customRules: {
    "/sign-in/email": { window: 10, max: 3 },
    "/email-otp/verify-email": { window: 60, max: 10 },
    "/email-otp/send-verification-otp": { window: 60, max: 3 },
    "/request-password-reset": { window: 60, max: 3 },
    "/reset-password": { window: 60, max: 5 },
    "/change-password": { window: 60, max: 5 },
  },
} satisfies BetterAuthOptions["rateLimit"];

function advancedOptions(env: Env) {
  return {
    // Explicit, so the check also runs under test (Better Auth skips it there by default).
    disableOriginCheck: false,
    // One address, already resolved from the connection and TRUSTED_PROXIES by our server (ADR 004).
    ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    // The prefix says whether cookies are Secure (session-cookie.ts), not Better Auth's `__Secure-`.
    useSecureCookies: false,
    cookiePrefix: authCookiePrefix(env),
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: servesHttps(env), path: "/" },
  } satisfies BetterAuthOptions["advanced"];
}

type SessionCreateHooks = NonNullable<
  NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["session"]>["create"]
>;

function sessionCreateHooks(logger: Logger) {
  return {
    // A suspended user may prove their password but gets no session (ADR 075).
    before: async (created) => {
      const [suspended] = await getDb()
        .select({ userId: userSuspensions.userId })
        .from(userSuspensions)
        .where(eq(userSuspensions.userId, created.userId));
      if (suspended) {
        logger.warn({ userId: created.userId }, "sign-in refused: account suspended");
        throw new APIError("FORBIDDEN", { message: suspendedMessage, code: "ACCOUNT_SUSPENDED" });
      }
    },
    after: async (created) => {
      await getDb().update(profiles).set({ lastSignedIn: new Date() }).where(eq(profiles.id, created.userId));
      logger.info({ userId: created.userId }, "signed in");
    },
  } satisfies SessionCreateHooks;
}

/**
 * Before every endpoint: a session past its end is revoked (`revokeIfEnded`), a new password must
 * pass our policy, and e-mails to one address are limited (`consumeEmailAllowance`).
 */
function beforeEndpoint(logger: Logger) {
  return createAuthMiddleware(async (ctx) => {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (token) await revokeIfEnded(token);
    const body = ctx.body as { newPassword?: unknown; type?: unknown } | undefined;
    if (
      (ctx.path === "/reset-password" || ctx.path === "/change-password") &&
      typeof body?.newPassword === "string"
    ) {
      const problem = passwordProblem(body.newPassword);
      if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_NOT_ALLOWED" });
    }
    if (ctx.path === "/email-otp/send-verification-otp" || ctx.path === "/request-password-reset") {
      const email = bodyEmail(ctx.body);
      if (email) {
        const purpose = ctx.path === "/request-password-reset" ? "reset" : "code";
        const decision = await consumeEmailAllowance(email, purpose);
        if (!decision.allowed) {
          logger.warn({ path: ctx.path }, "e-mail send limit reached");
          throw new APIError("TOO_MANY_REQUESTS", {
            message: `Please wait ${decision.retryAfterSeconds} seconds before asking for another e-mail.`,
            code: "EMAIL_SEND_LIMIT",
          });
        }
      }
    }
  });
}

/** After every endpoint: the signed-in hint cookie follows the session, and refusals are logged. */
function afterEndpoint(env: Env, logger: Logger) {
  return createAuthMiddleware(async (ctx) => {
    const hint = {
      path: "/",
      sameSite: "lax",
      httpOnly: false,
      secure: servesHttps(env),
    } as const;
    if (ctx.context.newSession) {
      ctx.setCookie(signedInHintCookie, "1", { ...hint, maxAge: authPolicy.sessionAbsoluteSeconds });
    } else if (ctx.path === "/sign-out") {
      ctx.setCookie(signedInHintCookie, "", { ...hint, maxAge: 0 });
    }
    // Security events (R21): failed sign-ins and codes, without addresses, passwords or codes.
    const returned = ctx.context.returned;
    if (returned instanceof APIError && securityEventPaths.has(ctx.path)) {
      logger.warn(
        { path: ctx.path, status: returned.statusCode, code: returned.body?.code },
        "auth attempt refused",
      );
    }
  });
}

const emailOtpOptions = {
  otpLength: authPolicy.otpLength,
  expiresIn: authPolicy.otpExpiresInSeconds,
  allowedAttempts: authPolicy.otpAllowedAttempts,
  storeOTP: "hashed",
  overrideDefaultEmailVerification: true,
  sendVerificationOnSignUp: true,
  disableSignUp: true,
  sendVerificationOTP: async ({ email, otp }) => {
    sendInBackground(
      (async () =>
        sendEmail(
          {
            to: email,
            ...(await verificationCodeEmail({
              code: otp,
              minutes: authPolicy.otpExpiresInSeconds / 60,
            })),
          },
          { essential: true },
        ))(),
    );
  },
} satisfies Parameters<typeof emailOTP>[0];

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The Better Auth instance, created on first use (never during `next build`). */
export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}
