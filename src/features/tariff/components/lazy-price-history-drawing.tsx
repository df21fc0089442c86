"use client";

import { lazy } from "react";

import { WhenVisible } from "@/components/charts/when-visible";

import type { PriceHistoryDrawingProps } from "./price-history-drawing";

const PriceHistoryDrawing = lazy(() => import("./price-history-drawing"));

/** The price history's drawing, fetched (with recharts) when it scrolls into view. */
export function LazyPriceHistoryDrawing(props: PriceHistoryDrawingProps) {
  return (
    <WhenVisible>
      <PriceHistoryDrawing {...props} />
    </WhenVisible>
  );
}
