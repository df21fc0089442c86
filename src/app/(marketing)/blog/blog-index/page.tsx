import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { PostThumbnail } from "@/features/blog/post-thumbnail";
import { listPosts } from "@/features/blog/posts";
import { formatLongDate, site } from "@/lib/site";

export const metadata: Metadata = {
  title: "Blog",
  description: `Guides from ${site.name} for pharmacy owners: how the NHS Drug Tariff works, its parts, discount deduction and local marketing.`,
};

export default async function BlogIndexPage() {
  const posts = await listPosts();
  return (
    <PageContainer width="wide" className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-4xl font-bold tracking-tight">Blog</h1>
        <p className="text-lg text-muted-foreground">
          Plain-English guides to the Drug Tariff and running a pharmacy.
        </p>
      </header>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map(({ slug, metadata }, index) => (
          <li key={slug}>
            <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
              <PostThumbnail
                metadata={metadata}
                sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                priority={index < 3}
                className="aspect-video w-full object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-lg font-semibold">
                  <Link href={`/blog/${slug}`} className="group-hover:underline after:absolute after:inset-0">
                    {metadata.title}
                  </Link>
                </h2>
                <p className="flex-1 text-sm text-muted-foreground">{metadata.description}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={metadata.date}>{formatLongDate(metadata.date)}</time> ·{" "}
                  {metadata.readingMinutes} min read
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
