import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Payment cancelled", robots: { index: false } };

export default function PaymentCancelledPage() {
  return (
    <PageContainer width="wide" className="max-w-xl space-y-4 py-8 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Payment cancelled</h1>
      <p className="text-muted-foreground">
        You left the checkout before paying, so nothing has been charged. You can choose a plan again whenever
        you are ready.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/pricing/choose-your-plan">Choose a plan</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Back to home</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
