import { notFound } from "next/navigation";

import { IllustrativeNiNotice } from "@/features/imports/components/data-freshness";
import { BackToList } from "@/features/shell/components/back-to-list";
import { productKindOfPath } from "@/features/tariff/product-metadata";
import { ProductPage, productPageMetadata } from "@/features/tariff/components/product-page";
import { WatchPack } from "@/features/watchlists/components/watch-pack";
import { getCurrentUser } from "@/lib/session";

type Props = {
  params: Promise<{ kind: string; code: string }>;
  searchParams: Promise<{ from?: string | string[] }>;
};

export async function generateMetadata({ params }: Props) {
  const { kind, code } = await params;
  const product = productKindOfPath(`/${kind}`);
  return product ? productPageMetadata(product, code) : {};
}

/**
 * A product page for a signed-in user, served by the proxy at the public address (ADR 042): the
 * public page's content inside the app shell, with a way back to the list it was opened from. Like
 * the public page it needs no subscription: nothing on it depends on who asks, beyond the names of
 * the lists in the user's edition, and 'Add to watchlist', which reads the user's own watchlists and
 * whose actions check the subscription themselves.
 */
export default async function SignedInProductPage({ params, searchParams }: Props) {
  const { kind, code } = await params;
  const product = productKindOfPath(`/${kind}`);
  if (!product) notFound();
  const user = await getCurrentUser();
  const { from } = await searchParams;
  return (
    <ProductPage
      kind={product}
      code={code}
      illustrative={<IllustrativeNiNotice />}
      back={<BackToList from={from} edition={user?.edition ?? 1} />}
      actions={(detail) => <WatchPack user={user} kind={product} code={detail.code} name={detail.name} />}
    />
  );
}
