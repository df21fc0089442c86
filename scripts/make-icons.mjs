// Writes the raster icons from the one drawn icon, src/app/icon.svg (ADR 195): the favicon.ico
// (16, 32 and 48 px), the apple-icon (180 px) and the web manifest's icons (192 and 512 px, and a
// 512 px maskable one). Run after changing the SVG: `node scripts/make-icons.mjs`, and commit what
// it writes. sharp comes with Next.js (its image optimiser).
import { readFileSync, writeFileSync } from "node:fs";

import sharp from "sharp";

const svg = readFileSync("src/app/icon.svg", "utf8");
/** The same drawing filling its square: a phone rounds or crops the corners itself. */
const fullBleed = svg.replace(/ rx="[^"]*"/, "");

const png = (source, size) =>
  sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file holding PNG images (read by every browser since Internet Explorer 9). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(({ data }) => data)]);
}

const sizes = [16, 32, 48];
const favicon = ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(svg, size) }))));
writeFileSync("src/app/favicon.ico", favicon);
writeFileSync("src/app/apple-icon.png", await png(fullBleed, 180));
writeFileSync("public/icon-192.png", await png(svg, 192));
writeFileSync("public/icon-512.png", await png(svg, 512));
writeFileSync("public/icon-maskable-512.png", await png(fullBleed, 512));
