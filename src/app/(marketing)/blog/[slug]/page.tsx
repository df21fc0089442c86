import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { PageContainer } from "@/components/layout/page-container";
import { PostThumbnail } from "@/features/blog/post-thumbnail";
import { blogSlugs, getPost, isBlogSlug } from "@/features/blog/posts";
import { formatLongDate } from "@/lib/site";

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return blogSlugs.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (!isBlogSlug(slug)) return {};
  const { metadata } = await getPost(slug);
  return {
    title: metadata.title,
    description: metadata.description,
    alternates: { canonical: `/blog/${slug}` },
    openGraph: {
      type: "article",
      title: metadata.title,
      description: metadata.description,
      images: [metadata.thumbnail],
    },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const { slug } = await params;
  if (!isBlogSlug(slug)) notFound();
  const { metadata, Content } = await getPost(slug);
  return (
    <PageContainer width="prose">
      <article className="space-y-8">
        <header className="space-y-4">
          <Link href="/blog/blog-index" className="text-sm underline underline-offset-2">
            ← All articles
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{metadata.title}</h1>
          <p className="text-sm text-muted-foreground">
            <time dateTime={metadata.date}>{formatLongDate(metadata.date)}</time> · {metadata.readingMinutes}{" "}
            min read
          </p>
          <PostThumbnail
            metadata={metadata}
            sizes="(min-width: 768px) 720px, 100vw"
            priority
            className="aspect-video w-full rounded-xl object-cover"
          />
        </header>
        <div className="prose max-w-none prose-neutral prose-a:text-primary">
          <Content />
        </div>
        <footer className="space-y-2 border-t pt-6">
          <h2 className="text-lg font-semibold">Sources</h2>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {metadata.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} className="underline underline-offset-2" rel="noopener noreferrer">
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </footer>
      </article>
    </PageContainer>
  );
}
