import type { Metadata } from "next";

import LicenseAgreement from "@content/policies/eula.md";
import { PageContainer } from "@/components/layout/page-container";

export const metadata: Metadata = {
  title: "License Agreement",
  description: "The licence agreement every TariffScope user accepts.",
};

export default function LicenseAgreementPage() {
  return (
    <PageContainer width="prose" className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">License Agreement</h1>
      <div className="prose max-w-none prose-neutral prose-a:text-primary">
        <LicenseAgreement />
      </div>
    </PageContainer>
  );
}
