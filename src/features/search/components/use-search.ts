"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

import type { searchParts } from "../parts";
import type { Section } from "./search-context";

/** Enter searches from 2 characters; the Search button needs 3. */
export const minTermToSearch = 2;
export const minTermForButton = 3;
/** How long typing rests before the results follow it. */
const typingPauseMs = 250;

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; term: string }
  | { status: "done"; term: string; sections: Section[] }
  | { status: "failed"; term: string; message: string };

/** What the screen reader hears of the search's progress. */
function announcementOf(state: SearchState): string {
  if (state.status === "loading") return "Searching…";
  if (state.status === "failed") return state.message;
  if (state.status !== "done") return "";
  const totals = state.sections.reduce((sum, section) => sum + section.total, 0);
  return `${totals.toLocaleString("en-GB")} ${totals === 1 ? "result" : "results"} for ${state.term} in ${state.sections.length} ${state.sections.length === 1 ? "part" : "parts"}`;
}

/**
 * The search's term and answer: results follow typing once it rests, from /api/search for the parts
 * `selected`; a new term or new parts cancel the search in flight. `go` leaves for a result, closing
 * the dialog.
 */
export function useSearch(selected: ReturnType<typeof searchParts>, onClose: () => void) {
  const router = useRouter();
  const [term, setTerm] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const request = useRef<AbortController | null>(null);

  const run = useCallback(
    async (raw: string) => {
      const q = raw.trim();
      request.current?.abort();
      if (q.length < minTermToSearch || selected.length === 0) {
        setState({ status: "idle" });
        return;
      }
      const controller = new AbortController();
      request.current = controller;
      setState({ status: "loading", term: q });
      const params = new URLSearchParams({ q, parts: selected.map((part) => part.id).join(",") });
      try {
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal });
        const body = (await response.json()) as { sections?: Section[]; error?: { message: string } };
        if (controller.signal.aborted) return;
        if (!response.ok || !body.sections)
          setState({ status: "failed", term: q, message: body.error?.message ?? "The search failed." });
        else setState({ status: "done", term: q, sections: body.sections });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({
          status: "failed",
          term: q,
          message: error instanceof Error ? error.message : "The search failed.",
        });
      }
    },
    [selected],
  );

  // Results follow typing once it rests; a new term or new parts cancel the search in flight.
  useEffect(() => {
    const timer = setTimeout(() => void run(term), typingPauseMs);
    return () => clearTimeout(timer);
  }, [term, run]);
  useEffect(() => () => request.current?.abort(), []);

  const go = (href: string) => {
    request.current?.abort();
    setTerm("");
    setState({ status: "idle" });
    onClose();
    router.push(href);
  };

  return {
    term,
    setTerm,
    state,
    run,
    go,
    /** Whether the results shown are the term's as it stands. */
    upToDate: state.status === "done" && state.term === term.trim(),
    announcement: announcementOf(state),
  };
}
