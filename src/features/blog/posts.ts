import type { ComponentType } from "react";
import { z } from "zod";

/** The eight articles of product §2.5, in the order the blog index lists them. */
export const blogSlugs = [
  "what-is-the-drug-tariff",
  "how-does-the-drug-tariff-work",
  "what-is-part-viiia",
  "what-is-part-viiib",
  "what-is-part-viiid",
  "what-is-part-ix",
  "discount-deduction",
  "local-pharmacy-marketing",
] as const;

export type BlogSlug = (typeof blogSlugs)[number];

const postMetadata = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  date: z.iso.date(),
  readingMinutes: z.number().int().positive(),
  thumbnail: z.string().startsWith("/blog/"),
  thumbnailAlt: z.string().min(1),
  sources: z.array(z.object({ title: z.string().min(1), url: z.url() })).min(1),
});

export type PostMetadata = z.infer<typeof postMetadata>;
export type Post = { slug: BlogSlug; metadata: PostMetadata; Content: ComponentType };

export function isBlogSlug(value: string): value is BlogSlug {
  return (blogSlugs as readonly string[]).includes(value);
}

/** Loads one article; its metadata is checked so a content mistake fails the build, not a reader. */
export async function getPost(slug: BlogSlug): Promise<Post> {
  const mdx = (await import(`@content/blog/${slug}.mdx`)) as { default: ComponentType; metadata: unknown };
  const parsed = postMetadata.safeParse(mdx.metadata);
  if (!parsed.success)
    throw new Error(`content/blog/${slug}.mdx has invalid metadata: ${parsed.error.message}`);
  return { slug, metadata: parsed.data, Content: mdx.default };
}

export async function listPosts(): Promise<Post[]> {
  return Promise.all(blogSlugs.map(getPost));
}
