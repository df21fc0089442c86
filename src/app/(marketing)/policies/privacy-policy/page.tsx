import type { Metadata } from "next";
import Link from "next/link";

import { PageContainer } from "@/components/layout/page-container";
import { PrivacyPolicyFrame } from "@/components/layout/privacy-policy-frame";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: "How TariffScope collects, uses and protects personal data.",
};

/** product §2.11: the fixed PDF dated 01-09-24 in a frame 800px high titled 'Privacy Policy'. */
export default function PrivacyPolicyPage() {
  return (
    <PageContainer width="prose" className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
        <p className="text-muted-foreground">Dated 01-09-24.</p>
        <p>
          Can&apos;t see the document below?{" "}
          <Link href="/policies/privacy-policy/text" className="underline underline-offset-2">
            Read the privacy policy as a web page
          </Link>{" "}
          or{" "}
          <a href="/policies/privacy-policy.pdf" className="underline underline-offset-2" download>
            download the PDF
          </a>
          .
        </p>
      </header>
      <PrivacyPolicyFrame className="w-full rounded-lg border" />
    </PageContainer>
  );
}
