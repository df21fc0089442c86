import { headers, plainCsv } from "../../src/features/imports/layout-writers";
import { expectNoAxeViolations } from "../fixtures/axe";
import { createPerson, importTariffFile, setEdition } from "./database";
import { expect, signInByApi, test, uniqueEmail } from "./fixtures";

/**
 * The attribution the Open Government Licence asks for is on every data page, and a page showing the
 * Northern Ireland edition the demo generated says it is illustrative (ADR 210). The browser tests run
 * on the generated sample, so the demo's mark is given to one Northern Ireland month here: a Parts II
 * & III file imported, as the demo imports its own, under the demo's actor.
 */
const attribution = "Contains public sector information licensed under the Open Government Licence v3.0.";

test.beforeAll(() => {
  const rows = [1, 2, 3].map((index) => [
    "IIId",
    "Demo Supplies Ltd",
    `Demo dressing ${index}`,
    `Demo dressing ${index} (Demo Supplies Ltd)`,
    "",
    `${index}0cm`,
    10,
    "dressing",
    "",
    "",
    120 * index,
    "",
    `7${String(index).padStart(16, "0")}`,
    `6${String(index).padStart(16, "0")}`,
    "",
    "",
    "",
  ]);
  const imported = importTariffFile(
    "NI Drug Tariff Part II & III January 2021.csv",
    plainCsv({ title: "January 2021 Northern Ireland Drug Tariff Part II & III", header: headers.ix, rows }),
    ["--actor", "demo-data:ni-illustrative"],
  );
  expect(imported).toMatch(/"status":"(imported|unchanged)"/);
});

test("a data page carries the attribution; a generated Northern Ireland month says it is illustrative", async ({
  page,
  baseURL,
}) => {
  // Three pages and a sign-in, on a machine other builds keep busy.
  test.setTimeout(180_000);
  const person = await createPerson(uniqueEmail("demo-data"), { subscribed: true });
  await signInByApi(page, baseURL!, person.email, person.password);

  await page.goto("/drug-tariff-parts/partviiia");
  await expect(page.getByTestId("data-attribution")).toContainText(attribution);
  await expect(page.getByText("Illustrative Northern Ireland prices")).toHaveCount(0);

  await setEdition(person.id, 2);
  await page.goto("/drug-tariff-parts/partix-appliances?month=2021-01");
  await expect(page.getByRole("table", { name: "Part II & III, January 2021" })).toBeVisible();
  const notice = page.getByRole("note").filter({ hasText: "Illustrative Northern Ireland prices" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("generated from the real England & Wales tariff");
  await expect(page.getByTestId("data-attribution")).toContainText(attribution);
  await expectNoAxeViolations(page);

  // The sample's own Northern Ireland month, in force, was imported from a file: no notice.
  await page.goto("/drug-tariff-parts/partix-appliances");
  await expect(page.getByTestId("data-freshness")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId("data-attribution")).toContainText(attribution);
});
