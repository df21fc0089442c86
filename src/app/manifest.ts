import type { MetadataRoute } from "next";

import { site } from "@/lib/site";

/**
 * The web app manifest (`/manifest.webmanifest`): the name and icons a phone gives TariffScope on
 * its home screen. The icons are drawn once, in `icon.svg`; the PNGs are made from it (ADR 195).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: site.name,
    short_name: site.name,
    description: site.description,
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f6b57",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
