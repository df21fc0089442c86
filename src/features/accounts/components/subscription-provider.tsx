"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

import type { Edition } from "@/lib/tariff-vocabulary";

/**
 * product §3 "current user context": user, subscribed, country (here `edition`), delegate. There is no `loadingUser`: the
 * server resolves the user before the page renders; the sign-in card blocks the screen (product §2.15)
 * from the moment the credentials are accepted until the next page has checked the session.
 */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  admin: boolean;
  isOwner: boolean;
};

type SubscriptionContextValue = {
  user: SessionUser | null;
  subscribed: boolean;
  edition: Edition;
  delegate: boolean;
  setEdition: (edition: Edition) => void;
};

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

/** Seeded by the server, which already checked the session, so the user is known from the first paint. */
export function SubscriptionProvider({
  initial,
  children,
}: {
  initial: { user: SessionUser | null; subscribed: boolean; edition: Edition; delegate: boolean };
  children: ReactNode;
}) {
  const [edition, setEdition] = useState(initial.edition);
  const value = useMemo(() => ({ ...initial, edition, setEdition }), [initial, edition]);
  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionContextValue {
  const context = useContext(SubscriptionContext);
  if (!context) throw new Error("useSubscription must be used within a SubscriptionProvider");
  return context;
}
