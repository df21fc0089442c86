"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

import { fetchNowAction } from "../actions";

/** While a pass runs, the console reloads its data every few seconds to follow it. */
const followEveryMs = 3_000;

/** "Fetch now": one pass of every fetcher, in the background, as the schedule would run it. */
export function FetchNowButton({ running }: { running: boolean }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), followEveryMs);
    return () => clearInterval(timer);
  }, [running, router]);

  async function fetchNow() {
    setAsking(true);
    const result = await fetchNowAction({});
    setAsking(false);
    if (!result.ok) toast.error(result.message);
    else if (!result.data.started) toast.info("A fetch is already under way.");
    else toast.success("Fetching started.");
    router.refresh();
  }

  const busy = asking || running;
  return (
    <Button type="button" onClick={fetchNow} disabled={busy}>
      {busy && <Spinner label="" />}
      {running ? "Fetching…" : "Fetch now"}
    </Button>
  );
}
