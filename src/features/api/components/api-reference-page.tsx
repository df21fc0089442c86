import Link from "next/link";

import { site } from "@/lib/site";

import type { apiReference, ReferenceField } from "../reference";

function Fields({ caption, fields }: { caption: string; fields: ReferenceField[] }) {
  if (fields.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="py-1 text-left font-medium">{caption}</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-2 py-1">
              Name
            </th>
            <th scope="col" className="px-2 py-1">
              Type
            </th>
            <th scope="col" className="px-2 py-1">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-b align-top">
              <td className="px-2 py-1 font-mono text-xs">
                {field.name}
                {field.required ? "" : "?"}
              </td>
              <td className="px-2 py-1 font-mono text-xs break-words">{field.type}</td>
              <td className="px-2 py-1">{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The data API's reference (ADR 202), rendered from its OpenAPI document. */
export function ApiReferencePage({ reference }: { reference: ReturnType<typeof apiReference> }) {
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{reference.title}</h1>
        <p className="text-muted-foreground">{reference.description}</p>
        <p>
          The machine-readable contract:{" "}
          <a className="underline underline-offset-2" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>{" "}
          (OpenAPI 3.1), from which a typed client can be generated.
        </p>
      </header>
      <section aria-labelledby="authentication" className="space-y-2">
        <h2 id="authentication" className="text-xl font-semibold">
          Authentication and limits
        </h2>
        <p>
          A licence admin makes keys in{" "}
          <Link
            className="underline underline-offset-2"
            href="/account-management/dashboard?section=manage-users"
          >
            Account Management → Manage Users → API keys
          </Link>
          . Send a key in the <code>Authorization: Bearer</code> header of every call, over https; a key in
          the address is refused. A key reads its licence&apos;s data only, and stops working once revoked or
          when the licence&apos;s subscription ends. Each key may make a number of calls a minute and a day,
          shown beside it in Manage Users; past either, calls are answered 429 with <code>Retry-After</code>.
          For a larger allowance, write to{" "}
          <a className="underline underline-offset-2" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          .
        </p>
        <p>
          Every call takes <code>edition=ew|ni</code> and <code>month=YYYY-MM</code> (the month in force by
          default), and answers JSON, or CSV with <code>format=csv</code> or <code>Accept: text/csv</code>.
          Money is in integer pence. Answers carry an <code>ETag</code>: send it back as{" "}
          <code>If-None-Match</code> and the answer is 304 until the data changes.
        </p>
      </section>
      {reference.operations.map((operation) => (
        <section key={operation.id} aria-labelledby={operation.id} className="space-y-3">
          <h2 id={operation.id} className="text-xl font-semibold">
            {operation.summary}
          </h2>
          <p className="font-mono text-sm">GET {operation.path}</p>
          <p>{operation.description}</p>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs" tabIndex={0} aria-label="Example">
            <code>{operation.curl}</code>
          </pre>
          <Fields caption="Parameters" fields={operation.parameters} />
          <Fields caption="Answer" fields={operation.answer} />
        </section>
      ))}
      <section aria-labelledby="errors" className="space-y-2">
        <h2 id="errors" className="text-xl font-semibold">
          Errors
        </h2>
        <p>
          A refused call is answered with problem details (RFC 9457, <code>application/problem+json</code>):{" "}
          <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> (what to do about
          it) and <code>code</code>.
        </p>
        <dl className="grid gap-2">
          {reference.problems.map((problem) => (
            <div key={problem.code} id={`error-${problem.code}`}>
              <dt className="font-mono text-sm">
                {problem.status} {problem.code}
              </dt>
              <dd className="text-sm text-muted-foreground">{problem.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
