import { site } from "@/lib/site";

import { operatorLicence } from "../operator-licence";

/** Where a licence has no billing account (we set it up), the admin is told whom to ask. */
export function OperatorLicenceNote() {
  return (
    <p className="text-sm">
      {operatorLicence.reason} {operatorLicence.contact}{" "}
      <a className="font-medium underline underline-offset-2" href={`mailto:${site.supportEmail}`}>
        {site.supportEmail}
      </a>
      .
    </p>
  );
}
