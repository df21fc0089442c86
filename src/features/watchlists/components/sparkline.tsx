import { formatPence } from "@/lib/tariff-vocabulary";

/** The SVG polyline points of `values` across a `width` × `height` box, lowest at the bottom. */
export function sparklinePoints(values: number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return "";
  const min = Math.min(...values);
  const span = Math.max(...values) - min;
  const step = values.length > 1 ? (width - pad * 2) / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = values.length > 1 ? pad + index * step : width / 2;
      // A flat line sits in the middle rather than on the floor.
      const y = span === 0 ? height / 2 : height - pad - ((value - min) / span) * (height - pad * 2);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(" ");
}

/** What the sparkline says to a screen reader: its first and last price. */
export function sparklineLabel(values: number[]): string {
  if (values.length === 0) return "No prices in the last 12 months";
  if (values.length === 1) return `One month's price: ${formatPence(values[0]!)}`;
  return `${values.length} months' prices, from ${formatPence(values[0]!)} to ${formatPence(values.at(-1)!)}`;
}

/** A small inline line of a pack's monthly prices; its accessible name gives the first and last price. */
export function Sparkline({
  values,
  width = 80,
  height = 24,
}: {
  values: number[];
  width?: number;
  height?: number;
}) {
  const label = sparklineLabel(values);
  if (values.length === 0) return <span className="text-xs text-muted-foreground">{label}</span>;
  const points = sparklinePoints(values, width, height);
  const last = points.split(" ").at(-1)!.split(",");
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="overflow-visible text-primary"
    >
      <title>{label}</title>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" />
      <circle cx={last[0]} cy={last[1]} r={2} fill="currentColor" />
    </svg>
  );
}
