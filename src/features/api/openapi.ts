import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";

import { apiBasePath, problem } from "./contract";
import { operations, type Operation } from "./operations";
import { problemCodes } from "./problem";

/**
 * The OpenAPI 3.1 document of the data API, generated from the operations' own zod schemas (ADR 202)
 * by zod-to-openapi: what the routes validate with is what the document says.
 */
export function openApiDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A licence's API key, made by a licence admin in Account Management → API keys.",
  });
  const problemContent = { "application/problem+json": { schema: problem } };
  const refusals = Object.fromEntries(
    [400, 401, 403, 404, 409, 429].map((status) => [
      status,
      {
        description: problemCodes
          .filter((entry) => entry.status === status)
          .map((entry) => `${entry.code}: ${entry.title}`)
          .join(" "),
        content: problemContent,
        ...(status === 429
          ? {
              headers: {
                "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } },
              },
            }
          : {}),
      },
    ]),
  );
  for (const operation of Object.values(operations) as Operation[]) {
    registry.registerPath({
      method: "get",
      path: operation.path,
      operationId: operation.id,
      summary: operation.summary,
      description: operation.description,
      security: [{ [bearer.name]: [] }],
      request: { query: operation.query, ...(operation.params ? { params: operation.params } : {}) },
      responses: {
        200: {
          description: operation.summary,
          headers: {
            ETag: {
              description: "Send as If-None-Match for a 304 while the data is the same.",
              schema: { type: "string" },
            },
          },
          content: {
            "application/json": { schema: operation.answer },
            "text/csv": { schema: { type: "string" } },
          },
        },
        304: { description: "Not modified: the copy named by If-None-Match is current." },
        ...refusals,
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "TariffScope data API",
      version: "1.0.0",
      description:
        "The NHS Drug Tariff for a licence's own systems: every part's packs and prices, concessions, changes, the licence's watchlists. Read-only; money in integer pence.",
    },
    servers: [{ url: `${serverUrl}${apiBasePath}` }],
  });
}
