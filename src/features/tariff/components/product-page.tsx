import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";

import { PageContainer } from "@/components/layout/page-container";

import { productMetadata } from "../product-metadata";
import { getProductDetail, type ProductDetail, type ProductKind } from "../product-queries";
import { getProductReimbursement } from "../reimbursement-queries";
import { CurrentPrice } from "./current-price";
import { EffectiveReimbursement } from "./effective-reimbursement";
import { ProductDetailView } from "./product-detail";

/** The pack and its money month by month (the pricing model's), read once for the page and its metadata. */
const load = cache(async (kind: ProductKind, code: string) => {
  const [product, months] = await Promise.all([
    getProductDetail(kind, code),
    getProductReimbursement(kind, code),
  ]);
  return { product, months };
});

/** A product page's title and description, from the same read as the page itself. */
export async function productPageMetadata(kind: ProductKind, code: string): Promise<Metadata> {
  const { product, months } = await load(kind, code);
  return productMetadata(product, months);
}

/**
 * One pack's page, public or in the app shell (ADR 042): the same content for everyone; `back`
 * leads a signed-in user to the list the pack was opened from. The page shows both editions, so
 * `illustrative` is what it says when Northern Ireland's is the demo's illustrative one (ADR 210).
 */
export async function ProductPage({
  kind,
  code,
  back,
  illustrative,
  actions,
}: {
  kind: ProductKind;
  code: string;
  back?: ReactNode;
  illustrative: ReactNode;
  /** Controls under the pack's name (e.g. 'Add to watchlist'), given the pack the page shows. */
  actions?: (product: ProductDetail) => ReactNode;
}) {
  const { product, months } = await load(kind, code);
  if (!product) notFound();
  return (
    <PageContainer width="wide" className="space-y-4">
      {back}
      {illustrative}
      <ProductDetailView
        product={product}
        actions={actions?.(product)}
        price={<CurrentPrice months={months} kind={kind} unit={product.unit} />}
        reimbursement={<EffectiveReimbursement months={months} name={product.name} unit={product.unit} />}
      />
    </PageContainer>
  );
}
