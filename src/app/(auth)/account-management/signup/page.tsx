import type { Metadata } from "next";

import LicenseAgreement from "@content/policies/eula.md";
import { PageContainer } from "@/components/layout/page-container";
import { PrivacyPolicyFrame } from "@/components/layout/privacy-policy-frame";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { SignUpForm } from "@/features/accounts/components/sign-up-form";

export const metadata: Metadata = {
  title: "Sign Up",
  description: "Create your TariffScope account with your e-mail address.",
};

export default function SignUpPage() {
  return (
    <PageContainer width="wide" className="flex justify-center">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold">Create your account</h1>
          <CardDescription>We will e-mail you a six-digit code to confirm your address.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignUpForm licenceAgreement={<LicenseAgreement />} privacyPolicy={<PrivacyPolicyFrame />} />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
