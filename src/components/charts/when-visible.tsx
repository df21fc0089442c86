"use client";

import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";

/** A placeholder the size of the drawing it stands for, so nothing moves when the drawing arrives. */
const placeholder = <div className="size-full animate-pulse rounded-md bg-muted/40" data-chart-placeholder />;

/**
 * Renders `children` once its box comes within 200px of the viewport, and not before: a chart's
 * drawing (recharts, loaded with `lazy`) then costs a visitor nothing until they scroll to it, and
 * nothing at all on the server. Without IntersectionObserver (old browsers, jsdom) it renders at once.
 */
export function WhenVisible({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      const timer = setTimeout(() => setSeen(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="size-full">
      {seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
