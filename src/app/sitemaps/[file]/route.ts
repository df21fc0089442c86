import { productSitemapPages, productSitemaps } from "@/features/tariff/product-sitemap";
import { siteUrl } from "@/lib/site";

/**
 * `/sitemaps/products.xml`, the index of the product sitemaps, and each of them
 * (`/sitemaps/drug-info-1.xml`…): public, read from the imported data, listed in robots.txt.
 */
const escape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

function xml(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

const entry = (tag: "url" | "sitemap", path: string, lastPeriod: string | null) =>
  `<${tag}><loc>${escape(siteUrl(path))}</loc>${lastPeriod ? `<lastmod>${lastPeriod}</lastmod>` : ""}</${tag}>`;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const namespace = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  if (file === "products.xml") {
    const sitemaps = await productSitemaps();
    const entries = sitemaps.map((sitemap) =>
      entry("sitemap", `/sitemaps/${sitemap.file}`, sitemap.lastPeriod),
    );
    return xml(`<sitemapindex ${namespace}>\n${entries.join("\n")}\n</sitemapindex>`);
  }
  const pages = await productSitemapPages(file);
  if (!pages) return new Response("No such sitemap.", { status: 404 });
  const entries = pages.map((page) => entry("url", page.path, page.lastPeriod));
  return xml(`<urlset ${namespace}>\n${entries.join("\n")}\n</urlset>`);
}
