import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";

import { PageContainer } from "@/components/layout/page-container";

import { productMetadata } from "../product-metadata";
import { getProductDetail, type ProductDetail, type ProductKind } from "../product-queries";
import { getProductReimbursement } from "../reimbursement-queries";
import { EffectiveReimbursement } from "./effective-reimbursement";
import { ProductDetailView } from "./product-detail";

const load = cache((kind: ProductKind, code: string) => getProductDetail(kind, code));

/** A product page's title and description, from the same read as the page itself. */
export async function productPageMetadata(kind: ProductKind, code: string): Promise<Metadata> {
  return productMetadata(await load(kind, code));
}

/**
 * One pack's page, public or in the app shell (ADR 042): the same content for everyone; `back`
 * leads a signed-in user to the list the pack was opened from.
 */
export async function ProductPage({
  kind,
  code,
  back,
  actions,
}: {
  kind: ProductKind;
  code: string;
  back?: ReactNode;
  /** Controls under the pack's name (e.g. 'Add to watchlist'), given the pack the page shows. */
  actions?: (product: ProductDetail) => ReactNode;
}) {
  const [product, reimbursement] = await Promise.all([load(kind, code), getProductReimbursement(kind, code)]);
  if (!product) notFound();
  return (
    <PageContainer width="wide" className="space-y-4">
      {back}
      <ProductDetailView
        product={product}
        actions={actions?.(product)}
        reimbursement={
          <EffectiveReimbursement months={reimbursement} name={product.name} unit={product.unit} />
        }
      />
    </PageContainer>
  );
}
