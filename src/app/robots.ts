import type { MetadataRoute } from "next";

export default function robots(): MetadataRoute.Robots {
  const base = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
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
    sitemap: `${base}/sitemap.xml`,
  };
}
