import createMDX from "@next/mdx";
import type { NextConfig } from "next";

// The same for every response. The Content-Security-Policy (a nonce per response) and HSTS (https
// only) are set by the proxy, src/proxy.ts.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  pageExtensions: ["ts", "tsx", "md", "mdx"],
  poweredByHeader: false,
  typedRoutes: false,
  images: {
    // product §9: the image widths the product serves.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
  },
  // Unknown addresses get a 404 document of their own, so the root not-found page, which React
  // sends with every page's payload, can stay bare (ADR 145).
  experimental: { globalNotFound: true },
  // PGlite is only used by scripts, never bundled into the app.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pino-pretty"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // A private feed's address is its secret (ADR 118): no page a feed reader opens from it may be
      // told it. Of two rules setting one header, Next.js sends the later.
      {
        source: "/api/changes/feed/:token",
        headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
      },
    ];
  },
};

const withMDX = createMDX({
  extension: /\.(md|mdx)$/,
  options: {
    remarkPlugins: [["remark-gfm", {}]],
  },
});

export default withMDX(nextConfig);
