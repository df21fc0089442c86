import type { Metadata } from "next";

import { marginOwnerOf } from "@/features/margins/access";
import { MarginCheckView } from "@/features/margins/components/margin-check-view";
import { marginCheckPath } from "@/features/margins/paths";
import { getUpload, listUploads } from "@/features/margins/queries";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Margin Check", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The margin check (ADR 130): a subscriber's licence's uploads, read for the licence of the session only. */
export default async function MarginCheckPage({ searchParams }: { searchParams: SearchParams }) {
  const owner = marginOwnerOf(await requireSubscriber(marginCheckPath));
  const asked = (await searchParams).upload;
  const uploads = await listUploads(owner.licenceId);
  const chosen = typeof asked === "string" ? asked : uploads[0]?.id;
  const result = chosen ? await getUpload(owner, chosen) : null;
  return <MarginCheckView uploads={uploads} result={result} />;
}
