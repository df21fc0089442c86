"use client";

import { useSearchParams } from "next/navigation";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";

import { tourRequestedBy, type TourId, type TourRequest } from "../tours";

/** The player and react-joyride, fetched when a tour first plays: most visits play none. */
const TourPlayer = lazy(() => import("./tour-player"));

type TourContextValue = {
  /** Plays a tour from its first step, whether or not the user has seen it before. */
  startTour: (tour: TourId) => void;
};

const TourContext = createContext<TourContextValue | null>(null);

export function useTour(): TourContextValue {
  const value = useContext(TourContext);
  if (!value) throw new Error("useTour must be used within a TourProvider");
  return value;
}

/**
 * Plays the onboarding tours over the signed-in shell: the welcome tour when the page's address
 * says a payment or a delegate sign-up has just succeeded, and either tour on request (Help).
 * Finishing or skipping is remembered on the server and the address loses its query parameter, so
 * neither a reload nor another device starts it again.
 */
export function TourProvider({
  seen,
  delegate,
  children,
}: {
  seen: readonly TourId[];
  delegate: boolean;
  children: ReactNode;
}) {
  const [playing, setPlaying] = useState<(TourRequest & { run: number }) | null>(null);
  const [ended, setEnded] = useState<readonly TourId[]>([]);
  const seenNow = useMemo(() => [...seen, ...ended], [seen, ended]);

  const play = useCallback(
    (request: TourRequest) => setPlaying((current) => ({ ...request, run: (current?.run ?? 0) + 1 })),
    [],
  );
  const value = useMemo<TourContextValue>(
    () => ({ startTour: (tour) => play({ tour, audience: { delegate } }) }),
    [play, delegate],
  );

  return (
    <TourContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        <TourFromAddress seen={seenNow} delegate={delegate} active={playing !== null} onRequest={play} />
        {playing && (
          <TourPlayer
            key={playing.run}
            request={playing}
            onEnd={(tour) => {
              setEnded((current) => [...current, tour]);
              setPlaying(null);
            }}
          />
        )}
      </Suspense>
    </TourContext.Provider>
  );
}

/** Starts the welcome tour when the address asks for it and the user has not seen it yet. */
function TourFromAddress({
  seen,
  delegate,
  active,
  onRequest,
}: {
  seen: readonly TourId[];
  delegate: boolean;
  active: boolean;
  onRequest: (request: TourRequest) => void;
}) {
  const search = useSearchParams();
  const request = useMemo(() => tourRequestedBy(search, { delegate, seen }), [search, delegate, seen]);
  useEffect(() => {
    if (request && !active) onRequest(request);
  }, [request, active, onRequest]);
  return null;
}
