import Link from "next/link";
import type { ReactNode } from "react";

import { PageSection } from "@/components/layout/page-section";
import {
  ScrollingTable,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatPence, monthLabel } from "@/lib/tariff-vocabulary";

import type { ProductDetail, ProductKind } from "../product-queries";
import { PriceHistoryChart } from "./price-history-chart";

const sources: Record<ProductKind, string> = {
  drug: "Drug Tariff Part VIIIA (Northern Ireland: Part I)",
  appliance: "Drug Tariff Part IX (Northern Ireland: Parts II & III)",
  brand: "dm+d branded pack",
};

const quantity = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

/** "28 tablet", "500 ml", or null when the source gives no size. */
export function packLabel(product: Pick<ProductDetail, "packSize" | "unit">): string | null {
  if (product.packSize === null) return product.unit;
  return [quantity.format(product.packSize), product.unit].filter(Boolean).join(" ");
}

/** The public page of one pack: what it is, what it costs now in each edition, and how that moved. */
export function ProductDetailView({
  product,
  actions,
  price,
  reimbursement,
}: {
  product: ProductDetail;
  actions?: ReactNode;
  /** The pack's money in force and coming, and its effective reimbursement: the pricing model's, read apart. */
  price?: ReactNode;
  reimbursement?: ReactNode;
}) {
  const pack = packLabel(product);
  return (
    <article className="space-y-8">
      <header className="space-y-3">
        <p className="text-sm text-muted-foreground">{sources[product.kind]}</p>
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{product.name}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          {pack && (
            <>
              <dt className="text-muted-foreground">Pack</dt>
              <dd>{pack}</dd>
            </>
          )}
          {product.category && (
            <>
              <dt className="text-muted-foreground">{product.kind === "appliance" ? "Part" : "Category"}</dt>
              <dd>{product.category}</dd>
            </>
          )}
          <dt className="text-muted-foreground">SNOMED code</dt>
          <dd className="font-mono text-xs leading-5 break-all">{product.code}</dd>
          {product.facts.map((fact) => (
            <FactRow key={fact.label} {...fact} />
          ))}
        </dl>
        {actions}
      </header>

      {price}

      {reimbursement}

      <PageSection id="price-history" title="Price over time" className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Every month imported, {product.history.length} in all. A gap means the pack was not listed that
          month.
        </p>
        <PriceHistoryChart points={product.history} name={product.name} />
      </PageSection>

      {product.kind === "drug" && (
        <PageSection id="concessions" title="Price concessions" className="space-y-3">
          {product.concessions.length === 0 ? (
            <p className="text-muted-foreground">
              No concession has been granted on this pack in the months imported.
            </p>
          ) : (
            <ScrollingTable
              label={`Price concessions on ${product.name}`}
              caption={`Price concessions on ${product.name}, by month`}
            >
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Month</TableHead>
                  <TableHead scope="col" className="text-right">
                    Concession price
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Tariff price
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Uplift
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...product.concessions].reverse().map((entry) => (
                  <TableRow key={entry.period}>
                    <TableCell>{monthLabel(entry.period)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatPence(entry.pricePence)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {entry.tariffPricePence === null ? "—" : formatPence(entry.tariffPricePence)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {entry.upliftPence === null ? "—" : formatPence(entry.upliftPence)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollingTable>
          )}
        </PageSection>
      )}

      <p className="text-xs text-muted-foreground">
        Source: NHS Business Services Authority and Community Pharmacy England, published under the Open
        Government Licence. The data is unverified; check prices against the published Drug Tariff before
        relying on them.
      </p>
    </article>
  );
}

function FactRow({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>
        {href ? (
          <Link href={href} className="underline underline-offset-2">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </>
  );
}
