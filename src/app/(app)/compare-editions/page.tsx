import type { Metadata } from "next";

import { dataFreshness } from "@/features/imports/components/data-freshness";
import { CompareEditionsView, compareEditionsPath } from "@/features/tariff/components/compare-editions-view";
import {
  comparedParts,
  getEditionComparison,
  type ComparedPart,
} from "@/features/tariff/reimbursement-queries";
import { requireSubscriber } from "@/lib/session";

export const metadata: Metadata = { title: "Compare Editions", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

export default async function CompareEditionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireSubscriber(compareEditionsPath);
  const params = await searchParams;
  const asked = single(params.part);
  const part: ComparedPart = asked && asked in comparedParts ? (asked as ComparedPart) : "viiia";
  const comparison = await getEditionComparison({
    part,
    month: single(params.month),
    category: single(params.category),
  });
  return <CompareEditionsView part={part} comparison={comparison} freshness={dataFreshness} />;
}
