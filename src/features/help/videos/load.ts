import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

import { helpVideosFolder, type HelpVideo } from "./catalogue";

const manifest = z.object({
  videos: z.array(
    z.object({
      slug: z.string().min(1),
      title: z.string().min(1),
      description: z.string().min(1),
      duration: z.number().positive(),
      src: z.string().startsWith("/"),
      poster: z.string().startsWith("/"),
      captions: z.string().startsWith("/"),
      chapters: z.string().startsWith("/"),
      steps: z.array(z.object({ start: z.number(), end: z.number(), text: z.string().min(1) })).min(1),
    }),
  ),
});

/**
 * The recorded tutorials, read when the page is served (like the public files themselves), so
 * re-recording them with `npm run help:videos` needs no rebuild. None until they are recorded.
 */
export async function listHelpVideos(): Promise<HelpVideo[]> {
  const file = path.join(process.cwd(), ...helpVideosFolder, "manifest.json");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return [];
  }
  return manifest.parse(JSON.parse(text)).videos;
}
