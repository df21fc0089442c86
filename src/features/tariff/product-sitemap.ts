import "server-only";

import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { byDataVersion, dataVersion } from "@/lib/data-version-cache";

import { productPaths } from "./product-metadata";
import type { ProductKind } from "./product-queries";

/**
 * The public product pages for search engines: every pack that any imported month lists, in
 * sitemaps of at most 50,000 addresses (the protocol's limit) under one sitemap index.
 */
export const sitemapLimit = 50_000;

type Entry = { code: string; lastPeriod: string };

const packs: Record<ProductKind, ReturnType<typeof sql>> = {
  drug: sql`select vmpp_snomed_code as code, max(period)::text as last_period
    from part_viiia_prices where vmpp_snomed_code is not null group by 1 order by 1`,
  appliance: sql`select pack_snomed_code as code, max(period)::text as last_period
    from part_ix_prices where pack_snomed_code is not null group by 1 order by 1`,
  brand: sql`select ampp_snomed_code as code, max(period)::text as last_period
    from branded_packs group by 1 order by 1`,
};

/** Every pack of a kind with the last month that listed it; read once per import (ADR 012). */
async function entries(kind: ProductKind): Promise<Entry[]> {
  return byDataVersion(await dataVersion(), `sitemap|${kind}`, async () => {
    const result = await getDb().execute<{ code: string; last_period: string }>(packs[kind]);
    return result.rows.map((row) => ({ code: row.code, lastPeriod: row.last_period }));
  });
}

const kinds = Object.keys(productPaths) as ProductKind[];
const slug = (kind: ProductKind) => productPaths[kind].slice(1);
const chunkOf = <T>(list: T[], index: number) => list.slice(index * sitemapLimit, (index + 1) * sitemapLimit);
const latest = (chunk: Entry[]) =>
  chunk.reduce<string | null>(
    (last, entry) => (last && last > entry.lastPeriod ? last : entry.lastPeriod),
    null,
  );

/** The sitemaps the index lists, by file name (`drug-info-1.xml`…), with the last month in each. */
export async function productSitemaps(): Promise<{ file: string; lastPeriod: string | null }[]> {
  const files = await Promise.all(
    kinds.map(async (kind) => {
      const all = await entries(kind);
      return Array.from({ length: Math.ceil(all.length / sitemapLimit) }, (_, index) => ({
        file: `${slug(kind)}-${index + 1}.xml`,
        lastPeriod: latest(chunkOf(all, index)),
      }));
    }),
  );
  return files.flat();
}

/** The pages one sitemap file lists, or null for a file name the index does not list. */
export async function productSitemapPages(
  file: string,
): Promise<{ path: string; lastPeriod: string }[] | null> {
  const match = /^([a-z-]+)-([1-9]\d{0,3})\.xml$/.exec(file);
  const kind = kinds.find((candidate) => slug(candidate) === match?.[1]);
  if (!match || !kind) return null;
  const chunk = chunkOf(await entries(kind), Number(match[2]) - 1);
  if (chunk.length === 0) return null;
  return chunk.map((entry) => ({
    path: `${productPaths[kind]}/${encodeURIComponent(entry.code)}`,
    lastPeriod: entry.lastPeriod,
  }));
}
