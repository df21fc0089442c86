import fs from "node:fs";

import { openApiDocument } from "../src/features/api/openapi";
import { clientTypesOf } from "../tests/fixtures/api-client/generate";

/**
 * `npm run api:types`: writes the data API's client types (tests/fixtures/api-client/schema.d.ts)
 * from its OpenAPI document. The browser test checks they are the served document's.
 */
const file = new URL("../tests/fixtures/api-client/schema.d.ts", import.meta.url);
fs.writeFileSync(file, await clientTypesOf(openApiDocument("http://localhost:3000")));
console.log(`wrote ${file.pathname}`);
