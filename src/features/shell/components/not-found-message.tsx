import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";

/** What every 404 page is called; it is never indexed. */
export const notFoundMetadata: Metadata = { title: "Page not found", robots: { index: false } };

/** The body of the 404 page, for an unknown address and for a page that is not there (ADR 145). */
export function NotFoundMessage() {
  return (
    <PageContainer width="wide" className="max-w-xl space-y-4 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        The page you asked for does not exist or has moved. Check the address, or start again from one of
        these.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/pricing/plans">Pricing</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/blog/blog-index">Blog</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
