"use client";

/**
 * Ends the session on the server, then leaves for the home page with a full page load: that also
 * empties the client-side router cache, so Back cannot show a signed-in page again.
 * The auth client is loaded on the click: every page shows Sign Out, and loading the client with
 * each page would add about 12 kB (gzip) to every first visit (docs/performance.md).
 */
export async function signOut(): Promise<void> {
  await import("@/lib/auth-client").then(({ authClient }) => authClient.signOut()).catch(() => {});
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load is the point
  window.location.assign("/");
}
