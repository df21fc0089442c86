import type { ReactNode } from "react";

/**
 * A titled part of a page: a section named by its heading, so assistive technology lists it by that
 * name. `className` sets its spacing.
 */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
