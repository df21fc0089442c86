/**
 * The attribution the Open Government Licence v3.0 asks of everyone who republishes the data
 * (product §2.7, ADR 210): on every public page's footer and every signed-in page's, data pages
 * included. One component, so that the words are the same everywhere.
 */
export function DataAttribution({ className }: { className?: string }) {
  return (
    <p className={className} data-testid="data-attribution">
      Contains public sector information licensed under the{" "}
      {/* At least 24px tall, as every control of a page is (WCAG 2.5.8). */}
      <a
        className="inline-flex min-h-6 items-center underline underline-offset-2"
        href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"
      >
        Open Government Licence v3.0
      </a>
      . Sources: the Drug Tariff and dm+d from the NHS Business Services Authority; price concessions from
      Community Pharmacy England.
    </p>
  );
}
