// Builds the 1200x675 PNG thumbnails for the blog articles in content/blog/.
//
// Each thumbnail is an SVG (teal/emerald gradient, a simple abstract motif that
// differs per article, the article's short title in large white text) rendered
// to PNG with sharp and written to public/blog/<slug>.png. Run from the
// repository root:
//
//   node content/blog/make-thumbnails.mjs
//
// Pass one or more slugs as arguments to rebuild only those images.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import sharp from "sharp";

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, "../../public/blog");

const WIDTH = 1200;
const HEIGHT = 675;
const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

// Palette (Tailwind-like teal / emerald shades).
const C = {
  ink: "#042f2e",
  teal950: "#042f2e",
  teal900: "#134e4a",
  teal800: "#115e59",
  teal700: "#0f766e",
  teal500: "#14b8a6",
  teal300: "#5eead4",
  em950: "#022c22",
  em900: "#064e3b",
  em800: "#065f46",
  em700: "#047857",
  em500: "#10b981",
  em300: "#6ee7b7",
  mint: "#d1fae5",
};

// ---------------------------------------------------------------------------
// Motifs: each returns SVG markup drawn mostly on the right-hand side so the
// title on the left stays on a dark, even background.
// ---------------------------------------------------------------------------

const motifs = {
  // Concentric rings radiating from a point, like a "you are here" map pin.
  rings() {
    let s = "";
    for (let i = 0; i < 7; i++) {
      const r = 70 + i * 62;
      s += `<circle cx="1060" cy="250" r="${r}" fill="none" stroke="${C.em300}" stroke-opacity="${(0.34 - i * 0.04).toFixed(2)}" stroke-width="${i === 0 ? 14 : 6}"/>`;
    }
    s += `<circle cx="1060" cy="250" r="34" fill="${C.em300}" fill-opacity="0.85"/>`;
    return s;
  },

  // A stack of ruled "pages" suggesting a monthly publication.
  pages() {
    let s = "";
    for (let i = 0; i < 4; i++) {
      const x = 760 + i * 44;
      const y = 110 + i * 36;
      s += `<rect x="${x}" y="${y}" width="300" height="380" rx="18" fill="${i === 3 ? C.teal700 : C.teal800}" fill-opacity="${(0.45 + i * 0.15).toFixed(2)}" stroke="${C.teal300}" stroke-opacity="0.35" stroke-width="3"/>`;
    }
    for (let l = 0; l < 7; l++) {
      const w = l % 3 === 2 ? 150 : 220;
      s += `<rect x="924" y="${268 + l * 36}" width="${w}" height="12" rx="6" fill="${C.mint}" fill-opacity="0.55"/>`;
    }
    return s;
  },

  // Connected nodes: prescription -> pricing -> payment.
  flow() {
    const pts = [
      [820, 170],
      [960, 300],
      [1100, 170],
      [960, 470],
      [1100, 520],
    ];
    const links = [
      [0, 1],
      [1, 2],
      [1, 3],
      [3, 4],
    ];
    let s = "";
    for (const [a, b] of links) {
      s += `<line x1="${pts[a][0]}" y1="${pts[a][1]}" x2="${pts[b][0]}" y2="${pts[b][1]}" stroke="${C.teal300}" stroke-opacity="0.5" stroke-width="8" stroke-linecap="round"/>`;
    }
    pts.forEach(([x, y], i) => {
      s += `<circle cx="${x}" cy="${y}" r="${i === 1 ? 52 : 36}" fill="${i === 1 ? C.em500 : C.teal700}" stroke="${C.mint}" stroke-opacity="0.6" stroke-width="4"/>`;
    });
    return s;
  },

  // Bars of varying height: a price list / price movements.
  bars() {
    const h = [160, 250, 205, 330, 280, 390, 300];
    let s = "";
    h.forEach((v, i) => {
      const x = 720 + i * 62;
      s += `<rect x="${x}" y="${560 - v}" width="42" height="${v}" rx="10" fill="${i === 5 ? C.em300 : C.em500}" fill-opacity="${i === 5 ? 0.9 : 0.45}"/>`;
    });
    s += `<rect x="700" y="572" width="460" height="6" rx="3" fill="${C.mint}" fill-opacity="0.5"/>`;
    return s;
  },

  // Medicine bottles / measures: specials priced by minimum quantity plus extra units.
  bottles() {
    let s = "";
    const items = [
      [760, 250, 120, 300],
      [910, 190, 140, 360],
      [1080, 290, 100, 260],
    ];
    items.forEach(([x, y, w, h], i) => {
      s += `<rect x="${x + w * 0.3}" y="${y - 44}" width="${w * 0.4}" height="50" rx="8" fill="${C.teal300}" fill-opacity="0.6"/>`;
      s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="26" fill="${C.teal700}" fill-opacity="0.75" stroke="${C.teal300}" stroke-opacity="0.55" stroke-width="4"/>`;
      const fill = [0.55, 0.7, 0.4][i];
      s += `<rect x="${x + 10}" y="${y + h * (1 - fill)}" width="${w - 20}" height="${h * fill - 10}" rx="18" fill="${C.em300}" fill-opacity="0.55"/>`;
      for (let t = 1; t <= 3; t++) {
        s += `<rect x="${x + w - 36}" y="${y + (h * t) / 4}" width="22" height="5" rx="2" fill="${C.mint}" fill-opacity="0.8"/>`;
      }
    });
    return s;
  },

  // Tablets and capsules in a neat grid: pack-size pricing.
  capsules() {
    let s = "";
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) {
        const x = 760 + c * 100;
        const y = 150 + r * 100;
        if ((r + c) % 2 === 0) {
          s += `<g transform="rotate(-35 ${x + 40} ${y + 20})"><rect x="${x}" y="${y}" width="80" height="40" rx="20" fill="${C.em500}" fill-opacity="0.55"/><path d="M${x + 40} ${y} H${x + 60} A20 20 0 0 1 ${x + 60} ${y + 40} H${x + 40} Z" fill="${C.mint}" fill-opacity="0.45"/><rect x="${x}" y="${y}" width="80" height="40" rx="20" fill="none" stroke="${C.mint}" stroke-opacity="0.5" stroke-width="3"/></g>`;
        } else {
          s += `<circle cx="${x + 40}" cy="${y + 20}" r="30" fill="${C.teal500}" fill-opacity="0.45" stroke="${C.mint}" stroke-opacity="0.45" stroke-width="3"/><line x1="${x + 16}" y1="${y + 20}" x2="${x + 64}" y2="${y + 20}" stroke="${C.mint}" stroke-opacity="0.5" stroke-width="3"/>`;
        }
      }
    }
    return s;
  },

  // Hexagonal grid: appliances, dressings and devices as interlocking parts.
  hexes() {
    let s = "";
    const R = 56;
    const hex = (cx, cy) => {
      const p = [];
      for (let k = 0; k < 6; k++) {
        const a = (Math.PI / 3) * k + Math.PI / 6;
        p.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
      }
      return p.join(" ");
    };
    const w = Math.sqrt(3) * R;
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 5; c++) {
        const cx = 740 + c * (w + 6) + (r % 2 ? (w + 6) / 2 : 0);
        const cy = 70 + r * (R * 1.5 + 5);
        const on = (r * 5 + c) % 4 === 1;
        s += `<polygon points="${hex(cx, cy)}" fill="${on ? C.em500 : C.teal700}" fill-opacity="${on ? 0.7 : 0.35}" stroke="${C.teal300}" stroke-opacity="0.4" stroke-width="3"/>`;
      }
    }
    return s;
  },

  // A percentage ring with slices: deductions taken from the price.
  donut() {
    const cx = 960;
    const cy = 330;
    const r = 190;
    const circ = 2 * Math.PI * r;
    const seg = (start, frac, colour, op) =>
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-opacity="${op}" stroke-width="64" stroke-dasharray="${(circ * frac).toFixed(1)} ${circ.toFixed(1)}" transform="rotate(${-90 + start * 360} ${cx} ${cy})"/>`;
    let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${C.teal700}" stroke-opacity="0.45" stroke-width="64"/>`;
    s += seg(0, 0.2, C.em300, 0.9);
    s += seg(0.22, 0.1, C.teal300, 0.7);
    s += seg(0.34, 0.05, C.mint, 0.7);
    s += `<text x="${cx}" y="${cy + 26}" font-family="${FONT}" font-size="84" font-weight="700" fill="${C.mint}" fill-opacity="0.85" text-anchor="middle">%</text>`;
    return s;
  },
};

// ---------------------------------------------------------------------------
// Articles
// ---------------------------------------------------------------------------

const articles = [
  {
    slug: "local-pharmacy-marketing",
    subtitle: "Practical, ethical ideas for community pharmacies",
    lines: ["Local Pharmacy", "Marketing"],
    motif: "rings",
    from: C.em950,
    to: C.em800,
  },
  {
    slug: "what-is-the-drug-tariff",
    subtitle: "The monthly rulebook for NHS dispensing payments",
    lines: ["What is the", "Drug Tariff?"],
    motif: "pages",
    from: C.teal950,
    to: C.teal800,
  },
  {
    slug: "how-does-the-drug-tariff-work",
    subtitle: "From dispensed item to monthly payment",
    lines: ["How the Drug", "Tariff Works"],
    motif: "flow",
    from: C.em950,
    to: C.teal800,
  },
  {
    slug: "what-is-part-viiia",
    subtitle: "Basic prices and Categories A, C, M and H",
    lines: ["Part VIIIA", "Explained"],
    motif: "bars",
    from: C.teal950,
    to: C.em800,
  },
  {
    slug: "what-is-part-viiib",
    subtitle: "Specials priced by minimum quantity",
    lines: ["Part VIIIB", "Explained"],
    motif: "bottles",
    from: C.em950,
    to: C.teal900,
  },
  {
    slug: "what-is-part-viiid",
    subtitle: "Specials priced by pack size",
    lines: ["Part VIIID", "Explained"],
    motif: "capsules",
    from: C.teal950,
    to: C.em900,
  },
  {
    slug: "what-is-part-ix",
    subtitle: "Appliances, dressings and chemical reagents",
    lines: ["Part IX", "Appliances"],
    motif: "hexes",
    from: C.em950,
    to: C.em800,
  },
  {
    slug: "discount-deduction",
    subtitle: "How clawback is worked out",
    lines: ["Discount", "Deduction"],
    motif: "donut",
    from: C.teal950,
    to: C.teal800,
  },
];

function escapeXml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function buildSvg(a) {
  const titleSize = 84;
  const lineGap = 100;
  const firstBaseline = 330 - ((a.lines.length - 1) * lineGap) / 2;
  const title = a.lines
    .map(
      (line, i) =>
        `<text x="80" y="${firstBaseline + i * lineGap}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${a.from}"/>
      <stop offset="1" stop-color="${a.to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${C.ink}" stop-opacity="0.55"/>
      <stop offset="0.55" stop-color="${C.ink}" stop-opacity="0.15"/>
      <stop offset="1" stop-color="${C.ink}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${motifs[a.motif]()}
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <rect x="80" y="120" width="72" height="8" rx="4" fill="${C.em300}"/>
  <text x="168" y="130" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="3" fill="${C.mint}">TARIFFSCOPE GUIDE</text>
  ${title}
  <text x="80" y="585" font-family="${FONT}" font-size="26" fill="${C.mint}" fill-opacity="0.9">${escapeXml(a.subtitle)}</text>
</svg>`;
}

async function main() {
  const only = new Set(process.argv.slice(2));
  await mkdir(outDir, { recursive: true });
  for (const a of articles) {
    if (only.size && !only.has(a.slug)) continue;
    const svg = buildSvg(a);
    const png = await sharp(Buffer.from(svg))
      .resize(WIDTH, HEIGHT)
      .png({ palette: true, colours: 256, dither: 0.5, compressionLevel: 9, effort: 10 })
      .toBuffer();
    const file = path.join(outDir, `${a.slug}.png`);
    await writeFile(file, png);
    console.log(`${path.relative(process.cwd(), file)}  ${(png.length / 1024).toFixed(1)} KB`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
