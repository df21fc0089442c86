import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { RequestsToJoin } from "@/features/licences/components/requests-to-join";
import { planInTheWay } from "@/features/licences/own-plan";
import { requestsToJoinPath } from "@/features/licences/paths";
import { getRequestsToJoin } from "@/features/licences/queries";
import { requireUser } from "@/lib/session";

export const metadata: Metadata = { title: "Requests to join a licence", robots: { index: false } };

export default async function LicenceRequestsPage() {
  const user = await requireUser(requestsToJoinPath);
  const requests = await getRequestsToJoin(user.id);
  return (
    <PageContainer width="wide" className="max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Requests to join a licence</h1>
        <p className="text-muted-foreground">
          An organisation&apos;s admin can ask you to join its TariffScope licence. You join only if you
          accept.
        </p>
      </header>
      <RequestsToJoin requests={requests} planInTheWay={planInTheWay(user)} />
    </PageContainer>
  );
}
