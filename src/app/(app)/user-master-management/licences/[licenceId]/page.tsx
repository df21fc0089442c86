import { notFound } from "next/navigation";
import { z } from "zod";

import { PageContainer } from "@/components/layout/page-container";
import { listApiKeys } from "@/features/api/keys";
import { OwnerLicencePage } from "@/features/owner/components/licence-page";
import { getLicenceForOwner } from "@/features/owner/queries";
import { ownerPageMetadata, requireOwner } from "@/lib/session";

export const generateMetadata = ownerPageMetadata("Licence · Master Admin");

export default async function OwnerLicenceRoute({ params }: { params: Promise<{ licenceId: string }> }) {
  await requireOwner();
  const id = z.uuid().safeParse((await params).licenceId);
  if (!id.success) notFound();
  const [data, keys] = await Promise.all([getLicenceForOwner(id.data), listApiKeys(id.data)]);
  if (!data) notFound();
  return (
    <PageContainer width="full" className="space-y-6">
      <OwnerLicencePage data={data} keys={keys} />
    </PageContainer>
  );
}
