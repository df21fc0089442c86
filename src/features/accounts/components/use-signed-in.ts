"use client";

import { useSyncExternalStore } from "react";

import { hasSignedInHint } from "@/lib/security/signed-in-hint";

const subscribe = () => () => {};

/**
 * Whether this browser has signed in, from the script-readable hint cookie: false on the server and
 * while hydrating, so a static public page renders the same for everyone and then adapts.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasSignedInHint(document.cookie),
    () => false,
  );
}
