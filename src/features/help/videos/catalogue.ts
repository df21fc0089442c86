import type { VideoStep } from "./vtt";

/** A recorded tutorial, as `npm run help:videos` wrote it into public/help/videos (ADR 132). */
export type HelpVideo = {
  slug: string;
  title: string;
  description: string;
  /** Milliseconds. */
  duration: number;
  src: string;
  poster: string;
  captions: string;
  chapters: string;
  steps: VideoStep[];
};

/** Where the videos, their tracks and their manifest are, in the repo and on the site. */
export const helpVideosFolder = ["public", "help", "videos"] as const;

/** The public address of a file of one video. */
export const helpVideoFile = (slug: string, extension: string) => `/help/videos/${slug}${extension}`;
