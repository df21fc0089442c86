import type { Metadata } from "next";
import Link from "next/link";

import PrivacyPolicy from "@content/policies/privacy-policy.md";
import { PageContainer } from "@/components/layout/page-container";

export const metadata: Metadata = {
  title: "Privacy Policy (web page)",
  description: "How TariffScope collects, uses and protects personal data.",
  alternates: { canonical: "/policies/privacy-policy" },
};

export default function PrivacyPolicyTextPage() {
  return (
    <PageContainer width="prose" className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
        <p className="text-muted-foreground">
          Dated 01-09-24. The same text as the{" "}
          <Link href="/policies/privacy-policy" className="underline underline-offset-2">
            PDF version
          </Link>
          .
        </p>
      </header>
      <div className="prose max-w-none prose-neutral prose-a:text-primary">
        <PrivacyPolicy />
      </div>
    </PageContainer>
  );
}
