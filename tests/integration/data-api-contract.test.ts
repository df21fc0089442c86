import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";

import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { createApiKey } from "@/features/api/keys";
import { apiCall, apiRoutes } from "@tests/fixtures/data-api";
import { setupTestDatabase } from "@tests/fixtures/db";
import { insertOrganisation } from "@tests/fixtures/licences";
import { codes, insertDatasets, insertSampleTariff } from "@tests/fixtures/tariff-rows";

/**
 * The OpenAPI document (ADR 202) is the contract: it is valid OpenAPI 3.1, it names every route
 * under /api/v1 and no other, and what each route answers, data and problems alike, is what it says.
 */
const database = setupTestDatabase();

type Document = { openapi: string; paths: Record<string, { get: { operationId: string } }> };
let document: Document;
let key: string;

/** One call of each operation, with the parameters a system would send. */
const calls: Record<string, string[]> = {
  listPacks: ["/parts/viiia/packs?month=2026-03", "/parts/ix/packs?month=2026-01&limit=2"],
  getPack: [`/packs/${codes.drug}?month=2026-03`],
  listConcessions: ["/concessions?month=2026-03"],
  listChanges: ["/changes?month=2026-02"],
  listWatchlists: ["/watchlists?month=2026-03"],
  listMonths: ["/months"],
};

beforeAll(async () => {
  await insertSampleTariff(database.db);
  await insertDatasets(database.db, [[1, "concessions", "2026-03-01"]]);
  const org = await insertOrganisation();
  key = (await createApiKey(org.licenceId, org.admin.id, "Contract")).key;
  document = (await openApiRoute().json()) as Document;
});

/** A validator of the schema at `pointer` in the document, its references resolved within it. */
function validatorAt(pointer: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: "openapi" });
  return ajv.compile({ $ref: `openapi#${pointer}` });
}

const escape = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("names every route under /api/v1, and only those", () => {
    const routes = apiRoutes
      .map((route) => route.template)
      .filter((template) => template !== "/openapi.json");
    expect(Object.keys(document.paths).sort()).toEqual(routes.sort());
    expect(
      Object.values(document.paths)
        .map((path) => path.get.operationId)
        .sort(),
    ).toEqual(Object.keys(calls).sort());
  });

  it("says what every operation answers: each answer validates against its schema", async () => {
    for (const [template, { get }] of Object.entries(document.paths)) {
      const validate = validatorAt(
        `/paths/${escape(template)}/get/responses/200/content/application~1json/schema`,
      );
      for (const path of calls[get.operationId]!) {
        const response = await apiCall(path, { key });
        expect(response.status, path).toBe(200);
        const body: unknown = await response.json();
        expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });

  it("says what a refusal looks like: problem details, with the statuses it lists", async () => {
    const problems: [string, string | null, number][] = [
      ["/months", null, 401],
      ["/parts/viiia/packs?month=2026-13", key, 400],
      [`/packs/999999999`, key, 404],
    ];
    for (const [path, bearer, status] of problems) {
      const response = await apiCall(path, { key: bearer });
      expect(response.status).toBe(status);
      const template = path.startsWith("/packs")
        ? "/packs/{code}"
        : path.split("?")[0]!.replace("viiia", "{part}");
      const validate = validatorAt(
        `/paths/${escape(template)}/get/responses/${status}/content/application~1problem+json/schema`,
      );
      const body: unknown = await response.json();
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
