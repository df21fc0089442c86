"use client";

import "./globals.css";

/** Last resort when the root layout itself fails: plain HTML, no internals. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en-GB">
      <body>
        <main className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p>Please try again in a moment.</p>
          {error.digest && <p>Reference: {error.digest}</p>}
          <button type="button" className="rounded-md border px-4 py-2" onClick={reset}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
