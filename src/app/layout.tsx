import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";

import { SkipLink } from "@/components/layout/skip-link";
import { CookieConsent } from "@/features/analytics/components/cookie-consent";
import { site } from "@/lib/site";

import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(process.env.APP_URL ?? "http://localhost:3000"),
  title: { default: `${site.name} — ${site.tagline}`, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  openGraph: { type: "website", siteName: site.name, locale: "en_GB" },
  robots: { index: true, follow: true },
};

export const viewport: Viewport = { themeColor: "#0f6b57", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered for its request, so its scripts carry that response's CSP nonce (ADR 030).
  await connection();
  return (
    <html lang="en-GB">
      <body className="flex min-h-dvh flex-col">
        <SkipLink />
        {children}
        <CookieConsent />
      </body>
    </html>
  );
}
