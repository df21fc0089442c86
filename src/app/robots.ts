import type { MetadataRoute } from "next";

import { siteUrl } from "@/lib/site";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: [
        "/api/",
        "/dev/",
        "/account-management/unsubscribe",
        "/account-management/dashboard",
        "/drug-tariff-parts/",
        "/reimbursement-info/",
        "/insights/",
        "/brands",
        "/concession-prices",
        "/manage-watchlists-login",
        "/help",
        "/user-analytics",
        "/user-master-management",
        "/payment/",
      ],
    },
    // The site's pages, and the index of every public product page.
    sitemap: [siteUrl("/sitemap.xml"), siteUrl("/sitemaps/products.xml")],
  };
}
