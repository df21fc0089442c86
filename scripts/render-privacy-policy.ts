import fs from "node:fs";
import path from "node:path";

import { Lexer, type Token, type Tokens } from "marked";
import PDFDocument from "pdfkit";

import { isMain } from "./lib/is-main";

/**
 * Renders content/policies/privacy-policy.md to the fixed PDF the privacy policy page embeds
 * (product §2.11: "a fixed PDF dated 01-09-24"). The same Markdown is the page's plain-HTML fallback,
 * so the two can never disagree.
 */
const source = "content/policies/privacy-policy.md";
const target = "public/policies/privacy-policy.pdf";
const policyDate = new Date("2024-09-01T00:00:00Z");

type Run = { text: string; bold: boolean; italic: boolean; link?: string };

function runsOf(
  tokens: Token[] | undefined,
  style: { bold: boolean; italic: boolean; link?: string },
): Run[] {
  if (!tokens) return [];
  return tokens.flatMap((token): Run[] => {
    switch (token.type) {
      case "strong":
        return runsOf((token as Tokens.Strong).tokens, { ...style, bold: true });
      case "em":
        return runsOf((token as Tokens.Em).tokens, { ...style, italic: true });
      case "link":
        return runsOf((token as Tokens.Link).tokens, { ...style, link: (token as Tokens.Link).href });
      case "text": {
        const text = token as Tokens.Text;
        return text.tokens ? runsOf(text.tokens, style) : [{ text: decode(text.text), ...style }];
      }
      case "br":
        return [{ text: "\n", ...style }];
      default:
        return [{ text: decode("text" in token ? String(token.text) : token.raw), ...style }];
    }
  });
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function fontFor(run: Run): string {
  if (run.bold && run.italic) return "Helvetica-BoldOblique";
  if (run.bold) return "Helvetica-Bold";
  if (run.italic) return "Helvetica-Oblique";
  return "Helvetica";
}

function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], options: PDFKit.Mixins.TextOptions = {}): void {
  runs.forEach((run, index) => {
    doc
      .font(fontFor(run))
      .fillColor(run.link ? "#0f5c4d" : "#111111")
      .text(run.text, {
        ...options,
        continued: index < runs.length - 1,
        link: run.link ?? null,
        underline: Boolean(run.link),
      });
  });
}

export async function renderPrivacyPolicy(root = process.cwd()): Promise<string> {
  const markdown = fs.readFileSync(path.join(root, source), "utf8");
  const output = path.join(root, target);
  fs.mkdirSync(path.dirname(output), { recursive: true });

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: "TariffScope Privacy Policy",
      Author: "TariffScope Ltd",
      Subject: "Privacy policy, effective 01-09-24",
      CreationDate: policyDate,
      ModDate: policyDate,
    },
    lang: "en-GB",
    pdfVersion: "1.7",
    tagged: true,
    displayTitle: true,
  });
  const done = new Promise<void>((resolve, reject) => {
    const stream = fs.createWriteStream(output);
    stream.on("finish", resolve);
    stream.on("error", reject);
    doc.pipe(stream);
  });

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f5c4d").text("TariffScope Privacy Policy");
  doc.moveDown(0.25).font("Helvetica").fontSize(10).fillColor("#444444").text("Dated 01-09-24");
  doc.moveDown(1);

  for (const token of new Lexer().lex(markdown)) {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        if (heading.depth === 1) break;
        doc.moveDown(0.6).fontSize(heading.depth === 2 ? 14 : 12);
        writeRuns(doc, runsOf(heading.tokens, { bold: true, italic: false }));
        doc.moveDown(0.3);
        break;
      }
      case "paragraph":
        doc.fontSize(10.5);
        writeRuns(doc, runsOf((token as Tokens.Paragraph).tokens, { bold: false, italic: false }), {
          lineGap: 2,
        });
        doc.moveDown(0.6);
        break;
      case "list": {
        const list = token as Tokens.List;
        doc.fontSize(10.5);
        list.items.forEach((item, index) => {
          const bullet = list.ordered ? `${Number(list.start || 1) + index}. ` : "•  ";
          writeRuns(
            doc,
            [
              { text: bullet, bold: false, italic: false },
              ...runsOf(item.tokens, { bold: false, italic: false }),
            ],
            {
              indent: 12,
              lineGap: 2,
            },
          );
          doc.moveDown(0.2);
        });
        doc.moveDown(0.5);
        break;
      }
      case "hr":
        doc.moveDown(0.5);
        break;
      default:
        break;
    }
  }
  doc.end();
  await done;
  return output;
}

if (isMain(import.meta.url)) {
  renderPrivacyPolicy()
    .then((file) => console.log(`Wrote ${path.relative(process.cwd(), file)}`))
    .catch((error: Error) => {
      console.error(error.message);
      process.exit(1);
    });
}
