"use client";

import { authClient } from "@/lib/auth-client";

/**
 * Ends the session on the server, then leaves for the home page with a full page load: that also
 * empties the client-side router cache, so Back cannot show a signed-in page again.
 */
export async function signOut(): Promise<void> {
  await authClient.signOut().catch(() => {});
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
  window.location.assign("/");
}
