import { ProductPage, productPageMetadata } from "@/features/tariff/components/product-page";

// Public and the same for everyone; a signed-in user is served the same page in the app shell
// instead (ADR 042). Rendered per request, to carry the response's CSP nonce (ADR 030).

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata({ params }: Props) {
  return productPageMetadata("appliance", (await params).code);
}

export default async function ApplianceInfoPage({ params }: Props) {
  return <ProductPage kind="appliance" code={(await params).code} />;
}
