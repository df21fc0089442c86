import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { listHelpArticles } from "@/features/help/articles";
import { HelpCentre } from "@/features/help/components/help-centre";
import { listHelpVideos } from "@/features/help/videos/load";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Help", robots: { index: false } };

export default async function HelpPage() {
  await requireSubscriber("/help");
  const [articles, videos] = await Promise.all([listHelpArticles(), listHelpVideos()]);
  return (
    <PageContainer width="prose" className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Help</h1>
        <p className="text-muted-foreground">
          How to find what you need in TariffScope. For more on the Drug Tariff itself, read{" "}
          <Link href="/blog/blog-index" className="underline underline-offset-2">
            our blog
          </Link>
          . For your own systems, read the{" "}
          <Link href="/help/api-reference" className="underline underline-offset-2">
            data API reference
          </Link>
          .
        </p>
      </div>
      <HelpCentre
        videos={videos}
        articles={articles.map(({ slug, title, description, text, Content }) => ({
          slug,
          title,
          description,
          text,
          body: <Content />,
        }))}
      />
    </PageContainer>
  );
}
