import "server-only";

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ComponentType } from "react";
import { z } from "zod";

import { mdxToPlainText } from "./search";

/** The help articles in content/help, in the order the help centre lists them. */
export const helpSlugs = [
  "finding-a-price",
  "parts-and-lists",
  "concessions",
  "insights",
  "watchlists-and-alerts",
  "editions",
  "exports",
  "managing-users-and-billing",
  "drug-tariff-basics",
] as const;

export type HelpSlug = (typeof helpSlugs)[number];

const articleMetadata = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
});

export type HelpArticle = {
  slug: HelpSlug;
  title: string;
  description: string;
  /** The article's words, for the filter box. */
  text: string;
  Content: ComponentType;
};

/** Loads one article; its metadata is checked so a content mistake fails the build, not a reader. */
async function getArticle(slug: HelpSlug): Promise<HelpArticle> {
  const mdx = (await import(`@content/help/${slug}.mdx`)) as { default: ComponentType; metadata: unknown };
  const parsed = articleMetadata.safeParse(mdx.metadata);
  if (!parsed.success)
    throw new Error(`content/help/${slug}.mdx has invalid metadata: ${parsed.error.message}`);
  const source = await readFile(path.join(process.cwd(), "content", "help", `${slug}.mdx`), "utf8");
  return { slug, ...parsed.data, text: mdxToPlainText(source), Content: mdx.default };
}

export async function listHelpArticles(): Promise<HelpArticle[]> {
  return Promise.all(helpSlugs.map(getArticle));
}
