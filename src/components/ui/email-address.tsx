import { Fragment } from "react";

import { cn } from "@/lib/utils";

/**
 * The places an e-mail address may wrap: before the "@" and after each "." or "-" (where a reader
 * expects a break), never inside a word.
 */
export function emailBreakPoints(email: string): string[] {
  return email.split(/(?=@)|(?<=[.\-])/);
}

/**
 * An e-mail address that wraps only at its sensible points. A part too long for the line is cut
 * with an ellipsis rather than broken mid-word, and the whole address stays in the text (and the
 * tooltip) for copying and for screen readers.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span
      title={email}
      className={cn(
        "inline-block max-w-full overflow-hidden align-bottom [overflow-wrap:normal] [word-break:normal] text-ellipsis",
        className,
      )}
    >
      {emailBreakPoints(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
