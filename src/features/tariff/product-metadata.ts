import type { Metadata } from "next";

import { formatPence, monthLabel } from "@/lib/tariff-vocabulary";

import type { ProductDetail, ProductKind } from "./product-queries";
import { monthInForceOf, type ReimbursementMonth } from "./pack-months";

/** Where each kind of product has its public page. */
export const productPaths = {
  drug: "/drug-info",
  appliance: "/appliance-info",
  brand: "/brand-info",
} as const;

/** The kind of product whose pages live under `path` (`/drug-info` → drug), if any. */
export function productKindOfPath(path: string): ProductKind | undefined {
  return (Object.keys(productPaths) as ProductKind[]).find((kind) => productPaths[kind] === path);
}

const quantity = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

/** Title and description for search engines: the pack, and its England & Wales money in force. */
export function productMetadata(product: ProductDetail | null, months: ReimbursementMonth[]): Metadata {
  if (!product) return { title: "Product not found", robots: { index: false } };
  const pack =
    product.packSize === null
      ? ""
      : ` ${[quantity.format(product.packSize), product.unit].filter(Boolean).join(" ")}`;
  const title = `${product.name}${product.name.includes(pack.trim()) ? "" : pack} price`;
  const month = monthInForceOf(months, 1);
  const inForce = month?.editions[1];
  const priceText =
    month && inForce
      ? ` ${formatPence(inForce.pricePence)} in ${monthLabel(month.period)} (England & Wales)` +
        (inForce.perPackPence === null ? "" : `, ${formatPence(inForce.perPackPence)} net`)
      : "";
  const what = product.kind === "brand" ? "NHS indicative price" : "NHS Drug Tariff price";
  const description =
    `${what} of ${product.name}${pack}:${priceText || " not currently listed"}. ` +
    `Price history over ${product.history.length} months` +
    (product.kind === "drug" ? " and price concessions." : ".");
  const canonical = `${productPaths[product.kind]}/${product.code}`;
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: { title, description, url: canonical },
  };
}
