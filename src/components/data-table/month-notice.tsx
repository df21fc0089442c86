"use client";

import { useEffect } from "react";

/**
 * Says why the month on screen is not the one the address asked for, and puts the month shown in
 * the address in its place, so a reload, a bookmark or a shared link shows what the reader saw.
 */
export function MonthNotice({ message, month }: { message: string; month: string }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get("month") === month) return;
    url.searchParams.set("month", month);
    window.history.replaceState(window.history.state, "", url);
  }, [month]);
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {message}.
    </p>
  );
}
