import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";

import { PageContainer } from "@/components/layout/page-container";
import { ProductDetailView } from "@/features/tariff/components/product-detail";
import { productMetadata } from "@/features/tariff/product-metadata";
import { getProductDetail } from "@/features/tariff/product-queries";

type Props = { params: Promise<{ code: string }> };

const load = cache((code: string) => getProductDetail("drug", code));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return productMetadata(await load((await params).code));
}

export default async function DrugInfoPage({ params }: Props) {
  const product = await load((await params).code);
  if (!product) notFound();
  return (
    <PageContainer width="wide">
      <ProductDetailView product={product} />
    </PageContainer>
  );
}
