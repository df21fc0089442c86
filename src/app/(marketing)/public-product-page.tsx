import { IllustrativeNiNotice } from "@/features/imports/components/data-freshness";
import { ProductPage, productPageMetadata } from "@/features/tariff/components/product-page";
import type { ProductKind } from "@/features/tariff/product-queries";
import { SignInToWatch } from "@/features/watchlists/components/watch-pack";

type Props = { params: Promise<{ code: string }> };

/**
 * The public page of one kind of product, the same for everyone: a signed-in user is served the same
 * page in the app shell instead (ADR 042). Rendered per request, to carry the response's CSP nonce
 * (ADR 030). Each of `/drug-info`, `/appliance-info` and `/brand-info` exports one.
 */
export function publicProductPage(kind: ProductKind) {
  return {
    async generateMetadata({ params }: Props) {
      return productPageMetadata(kind, (await params).code);
    },
    async Page({ params }: Props) {
      const { code } = await params;
      return (
        <ProductPage
          kind={kind}
          code={code}
          illustrative={<IllustrativeNiNotice />}
          actions={() => <SignInToWatch kind={kind} code={code} />}
        />
      );
    },
  };
}
