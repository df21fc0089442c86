"use client";

import Link from "next/link";

import { Button } from "@/components/ui/button";

/** Shown when a page fails. Only the error's opaque digest is shown, never its message or stack (R21). */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main id="main" className="mx-auto max-w-xl flex-1 space-y-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">
        We could not show this page. Please try again; if it keeps happening, contact support and quote the
        reference below.
      </p>
      {error.digest && (
        <p className="text-sm">
          Reference: <code>{error.digest}</code>
        </p>
      )}
      <div className="flex justify-center gap-3">
        <Button onClick={reset}>Try again</Button>
        <Button asChild variant="outline">
          <Link href="/">Home</Link>
        </Button>
      </div>
    </main>
  );
}
