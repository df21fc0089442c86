/** A bar chart's series and bars: plain data, so a server page can pass them to the drawing. */
export type BarSeries = { key: string; name: string; color: string };
export type BarDatum = { label: string } & Record<string, string | number>;

/** How a bar chart's values read, on its axis, in its tooltip and in its table. */
export const barFormats = {
  count: (value: number) => value.toLocaleString("en-GB"),
  percent: (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(1)}%`,
};
export type BarFormat = keyof typeof barFormats;

/** A ranked (horizontal) chart grows with its names; the others are one height. */
export const barChartHeight = (bars: number, horizontal: boolean) =>
  horizontal ? Math.max(160, bars * 36 + 56) : 280;
