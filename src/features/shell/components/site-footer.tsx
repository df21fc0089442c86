import Link from "next/link";

import { DataAttribution } from "@/components/data-attribution";
import { CookieSettingsButton } from "@/features/analytics/components/cookie-consent";
import { site } from "@/lib/site";

/** Footer (product §2.7): data attribution and disclaimer, copyright, social links, contact, policy links. */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t bg-muted/50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:px-6 md:grid-cols-3">
        <section aria-labelledby="footer-data" className="space-y-2 md:col-span-2">
          <h2 id="footer-data" className="font-semibold">
            About the data
          </h2>
          <DataAttribution className="text-muted-foreground" />
          <p className="text-muted-foreground">
            The data is published unverified and there is no guarantee that errors will be corrected promptly.{" "}
            {site.name} is a guide only: always check prices against the official Drug Tariff before you rely
            on them.
          </p>
        </section>
        <div className="space-y-4">
          <section aria-labelledby="footer-contact" className="space-y-1">
            <h2 id="footer-contact" className="font-semibold">
              Contact
            </h2>
            <p className="text-muted-foreground">
              E-mail{" "}
              <a className="underline underline-offset-2" href={`mailto:${site.supportEmail}`}>
                {site.supportEmail}
              </a>
            </p>
          </section>
          <nav aria-label="Policies">
            <ul className="space-y-1">
              <li>
                <Link className="underline underline-offset-2" href="/policies/eula">
                  License Agreement
                </Link>
              </li>
              <li>
                <Link className="underline underline-offset-2" href="/policies/privacy-policy">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <CookieSettingsButton />
              </li>
            </ul>
          </nav>
          <nav aria-label="Social">
            <ul className="flex flex-wrap gap-3">
              {site.social.map((link) => (
                <li key={link.name}>
                  <a className="underline underline-offset-2" href={link.href} rel="noopener noreferrer">
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <p className="border-t px-4 py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {site.company}. All rights reserved.
      </p>
    </footer>
  );
}
