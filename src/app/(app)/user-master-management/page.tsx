import type { Metadata } from "next";

import { PageContainer } from "@/components/layout/page-container";
import { getLicenceOverview } from "@/features/owner/queries";
import { requireOwner } from "@/lib/session";

export const metadata: Metadata = { title: "Master Admin", robots: { index: false } };

export default async function MasterAdminPage() {
  await requireOwner();
  const licences = await getLicenceOverview();
  return (
    <PageContainer width="full" className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Master Admin</h1>
      <p className="text-muted-foreground">Every organisation licence, its seats and the users on it.</p>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Organisation licences</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="p-2">
                Organisation
              </th>
              <th scope="col" className="p-2 text-right">
                Seats
              </th>
              <th scope="col" className="p-2 text-right">
                Users
              </th>
              <th scope="col" className="p-2">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {licences.map((licence) => (
              <tr key={licence.licenseId} className="border-t">
                <td className="p-2">{licence.organisation ?? "No Organisation"}</td>
                <td className="p-2 text-right tabular-nums">{licence.seats}</td>
                <td className="p-2 text-right tabular-nums">{licence.users}</td>
                <td className="p-2">{licence.createdAt.toLocaleDateString("en-GB")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </PageContainer>
  );
}
