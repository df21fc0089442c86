import type { MetadataRoute } from "next";

import { blogSlugs } from "@/features/blog/posts";
import { siteUrl } from "@/lib/site";

const publicPages = [
  "/",
  "/pricing/plans",
  "/pricing/choose-your-plan",
  "/blog/blog-index",
  "/policies/privacy-policy",
  "/policies/eula",
];

export default function sitemap(): MetadataRoute.Sitemap {
  return [...publicPages, ...blogSlugs.map((slug) => `/blog/${slug}`)].map((path) => ({
    url: siteUrl(path),
    changeFrequency: path.startsWith("/blog/") ? "monthly" : "weekly",
    priority: path === "/" ? 1 : 0.7,
  }));
}
