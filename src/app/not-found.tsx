import { NotFoundMessage, notFoundMetadata } from "@/features/shell/components/not-found-message";

export const metadata = notFoundMetadata;

/**
 * A page outside the route groups that calls `notFound()`; the groups show their own, in their
 * chrome, and unknown addresses get the full page, `global-not-found.tsx`. Bare on purpose: React
 * sends the root not-found page with every page's payload, and the full page here made every page
 * slower (ADR 145).
 */
export default function NotFound() {
  return (
    <main id="main" className="flex-1 py-16">
      <NotFoundMessage />
    </main>
  );
}
