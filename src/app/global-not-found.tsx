import { connection } from "next/server";

import { SkipLink } from "@/components/layout/skip-link";
import { CookieConsent } from "@/features/analytics/components/cookie-consent";
import { SiteFooter } from "@/features/shell/components/site-footer";
import { SiteHeader } from "@/features/shell/components/site-header";
import { NotFoundMessage, notFoundMetadata } from "@/features/shell/components/not-found-message";
import { site } from "@/lib/site";

import "./globals.css";

export const metadata = { ...notFoundMetadata, title: `Page not found | ${site.name}` };

/**
 * An address no route answers: a whole document of its own, outside the root layout, with the
 * public chrome (ADR 145). Rendered per request, like every page, so its scripts carry the
 * response's CSP nonce (ADR 030).
 */
export default async function GlobalNotFound() {
  await connection();
  return (
    <html lang="en-GB">
      <body className="flex min-h-dvh flex-col">
        <SkipLink />
        <SiteHeader />
        <main id="main" className="flex-1 py-16">
          <NotFoundMessage />
        </main>
        <SiteFooter />
        <CookieConsent />
      </body>
    </html>
  );
}
