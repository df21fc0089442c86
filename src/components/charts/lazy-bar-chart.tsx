"use client";

import { lazy } from "react";

import type { BarDrawingProps } from "./bar-chart-drawing";
import { WhenVisible } from "./when-visible";

const BarChartDrawing = lazy(() => import("./bar-chart-drawing"));

/** A bar chart's drawing, fetched (with recharts) when it scrolls into view. */
export function LazyBarChart(props: BarDrawingProps) {
  return (
    <WhenVisible>
      <BarChartDrawing {...props} />
    </WhenVisible>
  );
}
