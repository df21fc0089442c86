import manifest from "./manifest.json";
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

/** The public address of a file of one video. */
export const helpVideoFile = (slug: string, extension: string) => `/help/videos/${slug}${extension}`;

export const helpVideos: readonly HelpVideo[] = manifest.videos;
