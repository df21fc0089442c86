import type { MetadataRoute } from "next";

import { blogSlugs } from "@/features/blog/posts";

const publicPages = [
  "/",
  "/pricing/plans",
  "/pricing/choose-your-plan",
  "/blog/blog-index",
  "/policies/privacy-policy",
  "/policies/eula",
];

export default function sitemap(): MetadataRoute.Sitemap {
  const base = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
  return [...publicPages, ...blogSlugs.map((slug) => `/blog/${slug}`)].map((path) => ({
    url: `${base}${path}`,
    changeFrequency: path.startsWith("/blog/") ? "monthly" : "weekly",
    priority: path === "/" ? 1 : 0.7,
  }));
}
