"use client";

import { ChevronDown, Search } from "lucide-react";
import { useDeferredValue, useId, useState, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTour } from "@/features/onboarding/components/tour-provider";
import { site } from "@/lib/site";

import { articleMatches } from "../search";
import type { HelpVideo } from "../videos/catalogue";
import { HelpVideoPlayer } from "./help-video";

export type HelpCentreArticle = {
  slug: string;
  title: string;
  description: string;
  text: string;
  body: ReactNode;
};

/** The help articles with a filter over their titles and text, the video tutorials and the tours. */
export function HelpCentre({
  articles,
  videos,
}: {
  articles: HelpCentreArticle[];
  videos: readonly HelpVideo[];
}) {
  const [filter, setFilter] = useState("");
  const deferred = useDeferredValue(filter);
  const inputId = useId();
  const shown = articles.filter((article) => articleMatches(article, deferred));
  const { startTour } = useTour();

  return (
    <div className="space-y-8">
      <section aria-labelledby="help-tours" className="space-y-3 rounded-lg border p-4">
        <h2 id="help-tours" className="text-lg font-semibold">
          New to TariffScope?
        </h2>
        <p className="text-sm text-muted-foreground">
          The tour points out each part of the menu in about a minute.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => startTour("welcome")}>Replay the tour</Button>
          <Button variant="outline" onClick={() => startTour("intro")}>
            Take the short tour
          </Button>
        </div>
      </section>

      {videos.length > 0 && (
        <section aria-labelledby="help-videos" className="space-y-4">
          <h2 id="help-videos" className="text-lg font-semibold">
            Video tutorials
          </h2>
          {videos.map((video) => (
            <HelpVideoPlayer key={video.slug} video={video} />
          ))}
        </section>
      )}

      <section aria-labelledby="help-articles" className="space-y-4">
        <h2 id="help-articles" className="text-lg font-semibold">
          Articles
        </h2>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Search help articles</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={inputId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="For example: export, concessions, add a user"
              className="pl-9"
            />
          </div>
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {shown.length === articles.length
            ? `${articles.length} articles`
            : `${shown.length} of ${articles.length} articles match`}
        </p>
        {shown.length === 0 ? (
          <p className="rounded-lg border p-4 text-sm">
            No article matches &ldquo;{deferred.trim()}&rdquo;. Try fewer words, or e-mail{" "}
            <a href={`mailto:${site.supportEmail}`} className="underline underline-offset-2">
              {site.supportEmail}
            </a>
            .
          </p>
        ) : (
          <ul className="grid gap-3">
            {shown.map((article) => (
              <li key={article.slug}>
                <details id={article.slug} className="group rounded-lg border">
                  <summary className="flex cursor-pointer list-none items-start gap-3 rounded-lg p-4 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                    <div className="flex-1">
                      <h3 className="font-semibold">{article.title}</h3>
                      <p className="text-sm text-muted-foreground">{article.description}</p>
                    </div>
                    <ChevronDown
                      aria-hidden="true"
                      className="mt-1 size-4 shrink-0 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <div className="prose max-w-none border-t p-4 prose-neutral prose-a:text-primary">
                    {article.body}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
