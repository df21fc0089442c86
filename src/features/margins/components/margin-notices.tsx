"use client";

import { useEffect, useRef } from "react";

import type { RowProblem } from "./use-margin-upload";

/** The rows of a file that were not checked, and why: the first 20. */
export function Problems({ problems }: { problems: RowProblem[] }) {
  return (
    <div role="status" className="rounded-md border p-3 text-sm">
      <p>
        {problems.length.toLocaleString("en-GB")} {problems.length === 1 ? "row was" : "rows were"} not
        checked; the other rows were.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.slice(0, 20).map((problem) => (
          <li key={`${problem.row}-${problem.message}`}>{problem.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** What was just confirmed or corrected, taking the focus from the row that left the list. */
export function Notice({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="rounded-md border p-3 text-sm">
      {message}
    </p>
  );
}
