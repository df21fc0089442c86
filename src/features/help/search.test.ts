import { describe, expect, it } from "vitest";

import { articleMatches, mdxToPlainText } from "./search";

const article = {
  title: "Exporting lists",
  description: "Download any list as a CSV file.",
  text: "Every list and insight has an Export CSV button above the table. Prices are in pounds.",
};

describe("the help filter", () => {
  it("matches every word typed, anywhere, in any order and case", () => {
    expect(articleMatches(article, "")).toBe(true);
    expect(articleMatches(article, "  CSV   export ")).toBe(true);
    expect(articleMatches(article, "pounds")).toBe(true);
    expect(articleMatches(article, "export concessions")).toBe(false);
  });

  it("reads an article's words without its metadata or link targets", () => {
    const text = mdxToPlainText(
      'export const metadata = {\n  title: "Secret title",\n};\n\nRead [the guide](/blog/what-is-part-ix) **now**.\n',
    );
    expect(text).toBe("Read the guide now .");
    expect(text).not.toContain("Secret");
    expect(text).not.toContain("/blog");
  });
});
