"use client";

import { Captions } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import type { HelpVideo } from "../videos/catalogue";
import { clockTime } from "../videos/vtt";

function captionsTrack(video: HTMLVideoElement): TextTrack | undefined {
  return Array.from(video.textTracks).find((track) => track.kind === "captions");
}

/**
 * One video tutorial in the browser's own player (keyboard, full screen, speed), loaded only when played
 * (preload none, no autoplay). Beside it: a captions switch, the chapters (its journey's steps) to jump
 * to, and the transcript. ADR 132.
 */
export function HelpVideoPlayer({ video }: { video: HelpVideo }) {
  const ref = useRef<HTMLVideoElement>(null);
  const headingId = useId();
  const [captions, setCaptions] = useState(true);
  const [chapter, setChapter] = useState<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const track = captionsTrack(element);
    if (track) track.mode = captions ? "showing" : "hidden";
  }, [captions]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The player's own captions menu changes the same track: keep the switch in step with it.
    const onTrackChange = () => setCaptions(captionsTrack(element)?.mode === "showing");
    const onTime = () => {
      const now = element.currentTime * 1000;
      const index = video.steps.findLastIndex((step) => step.start <= now + 50);
      setChapter(index < 0 ? null : index);
    };
    element.textTracks.addEventListener("change", onTrackChange);
    element.addEventListener("timeupdate", onTime);
    return () => {
      element.textTracks.removeEventListener("change", onTrackChange);
      element.removeEventListener("timeupdate", onTime);
    };
  }, [video.steps]);

  const seek = (start: number) => {
    const element = ref.current;
    if (!element) return;
    element.currentTime = start / 1000;
    void element.play().catch(() => {
      // Playing can be refused (no codec, or the user paused first): the position is still set.
    });
  };

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          {video.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          {video.description} ({clockTime(video.duration)})
        </p>
      </div>
      <video
        ref={ref}
        controls
        preload="none"
        playsInline
        poster={video.poster}
        width={1280}
        height={720}
        aria-labelledby={headingId}
        className="aspect-video h-auto w-full rounded-md bg-black"
      >
        <source src={video.src} type="video/webm" />
        <track kind="captions" src={video.captions} srcLang="en" label="English" default />
        <track kind="chapters" src={video.chapters} srcLang="en" label="Chapters" />
      </video>
      <Button
        variant="outline"
        size="sm"
        aria-pressed={captions}
        onClick={() => setCaptions((shown) => !shown)}
      >
        <Captions aria-hidden="true" />
        Captions
      </Button>
      <div className="space-y-1">
        <h4 className="text-sm font-medium">Chapters</h4>
        <ol className="grid gap-1 text-sm">
          {video.steps.map((step, index) => (
            <li key={step.start}>
              <button
                type="button"
                onClick={() => seek(step.start)}
                aria-current={chapter === index ? "step" : undefined}
                className={cn(
                  "flex w-full gap-2 rounded-md px-2 py-1 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  chapter === index && "bg-accent font-medium",
                )}
              >
                <span className="w-10 shrink-0 text-muted-foreground tabular-nums">
                  {clockTime(step.start)}
                </span>
                <span>{step.text}</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Transcript</summary>
        <div className="mt-2 space-y-2">
          {video.steps.map((step) => (
            <p key={step.start}>{step.text}</p>
          ))}
        </div>
      </details>
    </article>
  );
}
