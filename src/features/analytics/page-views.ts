import "server-only";

import { z } from "zod";

import { getDb } from "@/db/client";
import { pageViews } from "@/db/schema";
import { consumeRateLimit, type RateRule } from "@/lib/security/rate-limit";
import { AppError } from "@/lib/errors";

export const pageViewInput = z
  .object({
    path: z.string().startsWith("/", "a path on this site").max(2048),
    referrer: z.string().max(2048).nullish(),
  })
  .strict();

function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).host || null;
  } catch {
    return null;
  }
}

/** A person reading the site sends one a page; more than this from one address is a script filling the table. */
export const pageViewLimit: RateRule = { max: 60, windowSeconds: 60 };

/**
 * Stores one page view: the path (without its query, which may hold search terms) and the referring
 * site, at most `pageViewLimit` a minute from one client address.
 */
export async function recordPageView(input: unknown, clientAddress: string | null): Promise<void> {
  const decision = await consumeRateLimit(`pageview:address:${clientAddress ?? "unknown"}`, pageViewLimit);
  if (!decision.allowed) throw new AppError("rate_limited");
  const parsed = pageViewInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError("validation", "That page view is not valid.", {
      fieldErrors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    });
  }
  const path = parsed.data.path.split(/[?#]/)[0]!;
  await getDb()
    .insert(pageViews)
    .values({ path, referrerHost: referrerHost(parsed.data.referrer) });
}
