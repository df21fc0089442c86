import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { completeCheckoutReturn } from "@/features/billing/checkout";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Part VIIIA", robots: { index: false } };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

/** The landing page after sign-in. Its price table arrives with the app pages issue. */
export default async function PartVIIIAPage({ searchParams }: Props) {
  // Back from checkout: sync the subscription first, then come back without the session id.
  await completeCheckoutReturn((await searchParams).session_id);
  const user = await requireSubscriber("/drug-tariff-parts/partviiia");
  return (
    <PageContainer width="full" className="space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{user.country === 2 ? "Part I" : "Part VIIIA"}</h1>
      <p className="text-muted-foreground">
        The basic prices the NHS pays for generically prescribed medicines (Categories A, C, M and H): the
        starting point of reimbursement for most prescriptions.
      </p>
    </PageContainer>
  );
}
