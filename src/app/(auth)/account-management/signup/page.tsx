import type { Metadata } from "next";

import LicenseAgreement from "@content/policies/eula.md";
import { PageContainer } from "@/components/layout/page-container";
import { PrivacyPolicyFrame } from "@/components/layout/privacy-policy-frame";
import { AuthCard } from "@/features/accounts/components/auth-card";
import { SignUpForm } from "@/features/accounts/components/sign-up-form";

export const metadata: Metadata = {
  title: "Sign Up",
  description: "Create your TariffScope account with your e-mail address.",
};

export default function SignUpPage() {
  return (
    <PageContainer width="wide" className="flex justify-center">
      <AuthCard
        title="Create your account"
        description="We will e-mail you a six-digit code to confirm your address."
        wide
      >
        <SignUpForm licenceAgreement={<LicenseAgreement />} privacyPolicy={<PrivacyPolicyFrame />} />
      </AuthCard>
    </PageContainer>
  );
}
