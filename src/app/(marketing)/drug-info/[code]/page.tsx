import { ProductPage, productPageMetadata } from "@/features/tariff/components/product-page";

// Public and the same for everyone: rendered on first visit, then served from the cache for an hour.
// A signed-in user is served the same page in the app shell instead (ADR 042).
export const revalidate = 3600;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props) {
  return productPageMetadata("drug", (await params).code);
}

export default async function DrugInfoPage({ params }: Props) {
  return <ProductPage kind="drug" code={(await params).code} />;
}
