import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { ApiReferencePage } from "@/features/api/components/api-reference-page";
import { apiReference } from "@/features/api/reference";
import { getEnv } from "@/lib/env";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Data API reference", robots: { index: false } };

export default async function ApiReference() {
  await requireSubscriber("/help/api-reference");
  return (
    <PageContainer width="prose" className="space-y-8">
      <ApiReferencePage reference={apiReference(getEnv().APP_URL)} />
    </PageContainer>
  );
}
