import { ChartFigure, type ChartKeyItem } from "@/components/charts/chart-figure";
import { formatPence, shortMonthLabel } from "@/lib/tariff-vocabulary";

import { monthsBetween } from "../months";
import type { PricePoint } from "../product-queries";
import { LazyPriceHistoryDrawing } from "./lazy-price-history-drawing";
import type { SeriesKey } from "./price-history-drawing";

/**
 * England & Wales is a wide solid line and Northern Ireland a narrow dashed one drawn over it, so
 * where the two prices are the same both lines still show.
 */
const allSeries: (ChartKeyItem & { key: SeriesKey })[] = [
  { key: "englandPence", name: "Tariff price, England & Wales", color: "#1d4ed8", width: 5 },
  {
    key: "northernIrelandPence",
    name: "Tariff price, Northern Ireland",
    color: "#047857",
    width: 2,
    dash: "6 4",
  },
  { key: "concessionPence", name: "Concession price", color: "#b45309", width: 2 },
];

const money = (pence: number | null) => (pence === null ? "—" : formatPence(pence));

/** What the chart shows, in words, for the image's label. */
function summarise(points: PricePoint[], series: typeof allSeries, name: string): string {
  if (points.length === 0) return `No prices of ${name} have been imported.`;
  const range = `${shortMonthLabel(points[0]!.period)} to ${shortMonthLabel(points[points.length - 1]!.period)}`;
  const parts = series.map((line) => {
    const values = points.map((point) => point[line.key]).filter((value): value is number => value !== null);
    if (line.key === "concessionPence") return `concessions in ${values.length} of ${points.length} months`;
    const first = values[0];
    const last = values[values.length - 1];
    return `${line.name} from ${money(first ?? null)} to ${money(last ?? null)}`;
  });
  return `Line chart of the price of ${name}, ${range}: ${parts.join("; ")}.`;
}

/** Every month from the first to the last, a month missing from `points` being a gap. */
function everyMonth(points: PricePoint[]): PricePoint[] {
  if (points.length === 0) return [];
  const byPeriod = new Map(points.map((point) => [point.period, point]));
  return monthsBetween(points[0]!.period, points[points.length - 1]!.period).map(
    (period) =>
      byPeriod.get(period) ?? {
        period,
        englandPence: null,
        northernIrelandPence: null,
        concessionPence: null,
      },
  );
}

/** True when both editions are priced in some month and agree in every month both are. */
export function editionsCoincide(points: PricePoint[]): boolean {
  const both = points.filter((point) => point.englandPence !== null && point.northernIrelandPence !== null);
  return both.length > 0 && both.every((point) => point.englandPence === point.northernIrelandPence);
}

/**
 * The price of a pack in every month from the first imported to the last, with concession prices as
 * another line. A month the pack was not listed is a gap, not a zero. The summary, key and table
 * are in the page's HTML; the drawing loads when the chart scrolls into view.
 */
export function PriceHistoryChart({ points, name }: { points: PricePoint[]; name: string }) {
  const months = everyMonth(points);
  const series = allSeries.filter(
    (line) => line.key === "englandPence" || months.some((point) => point[line.key] !== null),
  );
  const bothEditions = series.some((line) => line.key === "northernIrelandPence");
  const data = months.map((point) => ({
    label: shortMonthLabel(point.period),
    ...Object.fromEntries(
      series.map((line) => [line.key, point[line.key] === null ? null : point[line.key]! / 100]),
    ),
  }));
  return (
    <ChartFigure
      title="Monthly price, with concessions"
      label={summarise(months, series, name)}
      table={{
        headers: ["Month", ...series.map((line) => line.name)],
        rows: months.map((point) => [
          shortMonthLabel(point.period),
          ...series.map((line) => money(point[line.key])),
        ]),
      }}
      height={300}
      chartKey={series}
      note={
        bothEditions && editionsCoincide(months)
          ? "England & Wales and Northern Ireland have the same price in every month both list it: the dashed Northern Ireland line runs along the England & Wales line."
          : undefined
      }
    >
      <LazyPriceHistoryDrawing data={data} series={series} />
    </ChartFigure>
  );
}
