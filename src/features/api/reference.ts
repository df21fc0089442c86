import { apiBasePath } from "./contract";
import { openApiDocument } from "./openapi";
import { operations, type Operation } from "./operations";
import { problemCodes } from "./problem";

/**
 * The API reference page's content, read from the OpenAPI document (ADR 202): each operation's
 * parameters and answer fields as the document states them, and a curl example.
 */
type Schema = {
  type?: string | string[];
  enum?: string[];
  description?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };

export type ReferenceField = { name: string; type: string; required: boolean; description: string };
export type ReferenceOperation = {
  id: string;
  path: string;
  summary: string;
  description: string;
  parameters: ReferenceField[];
  answer: ReferenceField[];
  curl: string;
};

export function apiReference(serverUrl: string) {
  const document = openApiDocument(serverUrl);
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema | undefined): Schema =>
    schema?.$ref ? resolve(schemas[schema.$ref.split("/").at(-1)!]) : (schema ?? {});
  const typeOf = (raw: Schema | undefined): string => {
    const schema = resolve(raw);
    if (schema.enum) return schema.enum.join(" | ");
    if (schema.type === "array") return `${typeOf(schema.items)}[]`;
    if (Array.isArray(schema.type)) return schema.type.join(" | ");
    if (raw?.$ref) return raw.$ref.split("/").at(-1)!;
    return schema.type ?? "object";
  };
  const operationsList: ReferenceOperation[] = (Object.values(operations) as Operation[]).map((operation) => {
    const entry = document.paths?.[operation.path]?.get as
      | {
          parameters?: Parameter[];
          responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
        }
      | undefined;
    const answer = resolve(entry?.responses["200"]?.content?.["application/json"]?.schema);
    const required = new Set((answer as { required?: string[] }).required ?? []);
    return {
      id: operation.id,
      path: `${apiBasePath}${operation.path}`,
      summary: operation.summary,
      description: operation.description,
      parameters: (entry?.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        type: `${parameter.in}: ${typeOf(parameter.schema)}`,
        required: parameter.required ?? false,
        description: parameter.schema?.description ?? parameter.description ?? "",
      })),
      answer: Object.entries(answer.properties ?? {}).map(([name, schema]) => ({
        name,
        type: typeOf(schema),
        required: required.has(name),
        description: resolve(schema).description ?? schema.description ?? "",
      })),
      curl: `curl -H "Authorization: Bearer $TARIFFSCOPE_KEY" "${serverUrl}${apiBasePath}${operation.example}"`,
    };
  });
  return {
    title: document.info.title,
    description: document.info.description ?? "",
    operations: operationsList,
    problems: problemCodes,
  };
}
