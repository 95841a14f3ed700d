// Photo-like pictures for the demo listings, drawn at seed time: each listing names a scene (a heap of grain, bales
// of film, a racked warehouse, a meeting room for knowledge) and a main colour; the scene is built as SVG with
// shading, grain (feTurbulence) and per-listing variation from a seeded random number, then rasterised to PNG by
// resvg. Nothing binary is kept in the repository.
import { renderAsync } from '@resvg/resvg-js';
import { mulberry32 } from '../../shared/lib/random';

export const PHOTO_SCENES = [
  'heap',
  'bales',
  'pallets',
  'bottles',
  'crates',
  'ibc',
  'sacks',
  'rolls',
  'planks',
  'metal',
  'beams',
  'warehouse',
  'yard',
  'meeting',
  'lab',
  'electronics',
  'cables',
  'trays',
  'cartons',
  'truck',
] as const;
export type PhotoScene = (typeof PHOTO_SCENES)[number];

export interface DemoPhoto {
  scene: PhotoScene;
  /** The main colour, '#rrggbb'. */
  tint: string;
}

export const PHOTO_WIDTH = 480;
export const PHOTO_HEIGHT = 320;
const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

export function hashSeed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
/** Lighter (f > 0) or darker (f < 0) by a fraction towards white or black. */
export function shade(hex: string, f: number): string {
  const [r, g, b] = rgb(hex);
  const to = f >= 0 ? 255 : 0;
  const k = Math.abs(f);
  const c = (v: number) =>
    Math.round(v + (to - v) * k)
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

type Rand = () => number;
const r1 = (n: number) => Math.round(n * 10) / 10;

interface Ctx {
  rand: Rand;
  tint: string;
  seed: number;
  defs: string[];
}

/** Grain: grey noise kept inside the shape it is applied to. */
function grainFilter(ctx: Ctx, id: string, frequency: number, strength: number): string {
  ctx.defs.push(
    `<filter id="${id}" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="${ctx.seed % 997}" result="t"/>` +
      `<feColorMatrix in="t" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${strength} 0" result="a"/>` +
      `<feComposite in="a" in2="SourceGraphic" operator="in"/></filter>`,
  );
  return `url(#${id})`;
}

function linear(ctx: Ctx, id: string, stops: [number, string][], vertical = true): string {
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
      stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('') +
      '</linearGradient>',
  );
  return `url(#${id})`;
}

/** A top-to-bottom gradient between two colours. */
function verticalGradient(ctx: Ctx, id: string, top: string, bottom: string): string {
  return linear(ctx, id, [
    [0, top],
    [1, bottom],
  ]);
}

/** The floor or yard below the horizon, filled and then grained. */
function groundBelow(horizon: number, fill: string, grain: string): string {
  return (
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${fill}"/>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#000" filter="${grain}"/>`
  );
}

/** A concrete floor and a painted wall: where most things are photographed. */
function indoorBackdrop(ctx: Ctx, horizon = 190): string {
  const wall = verticalGradient(ctx, 'wall', '#d9ddd8', '#b9bdb7');
  const floor = verticalGradient(ctx, 'floor', '#9a9c98', '#c5c6c1');
  const grain = grainFilter(ctx, 'floorgrain', 0.9, 0.35);
  return (
    `<rect width="${W}" height="${horizon}" fill="${wall}"/>` +
    `<rect y="${horizon - 6}" width="${W}" height="6" fill="#8b8e89"/>` +
    groundBelow(horizon, floor, grain)
  );
}

/** Sky, a distant tree line and an asphalt yard. */
function outdoorBackdrop(ctx: Ctx, horizon = 175): string {
  const sky = verticalGradient(ctx, 'sky', '#8fb6d9', '#dbe8f0');
  const ground = verticalGradient(ctx, 'ground', '#7d7f7c', '#5d5f5c');
  const grain = grainFilter(ctx, 'groundgrain', 1.1, 0.45);
  let trees = `M0 ${horizon}`;
  for (let x = 0; x <= W; x += 16) trees += ` L${x} ${r1(horizon - 18 - ctx.rand() * 22)}`;
  trees += ` L${W} ${horizon} Z`;
  return (
    `<rect width="${W}" height="${horizon}" fill="${sky}"/>` +
    `<path d="${trees}" fill="#5f7352" opacity="0.85"/>` +
    groundBelow(horizon, ground, grain)
  );
}

function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="${opacity}" filter="url(#soft)"/>`;
}

/** A box seen slightly from above: front face, top face and a lit edge. */
function box(x: number, y: number, w: number, h: number, depth: number, colour: string, extra = ''): string {
  return (
    `<path d="M${x} ${y} L${x + depth} ${y - depth * 0.6} L${x + w + depth} ${y - depth * 0.6} L${x + w} ${y} Z" fill="${shade(colour, 0.22)}"/>` +
    `<path d="M${x + w} ${y} L${x + w + depth} ${y - depth * 0.6} L${x + w + depth} ${y + h - depth * 0.6} L${x + w} ${y + h} Z" fill="${shade(colour, -0.25)}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>` +
    extra
  );
}

const scenes: Record<PhotoScene, (ctx: Ctx) => string> = {
  heap(ctx) {
    const { rand, tint } = ctx;
    ctx.defs.push(
      `<radialGradient id="heapfill" cx="0.38" cy="0.3" r="0.8"><stop offset="0" stop-color="${shade(tint, 0.25)}"/><stop offset="0.6" stop-color="${tint}"/><stop offset="1" stop-color="${shade(tint, -0.35)}"/></radialGradient>`,
    );
    const grain = grainFilter(ctx, 'heapgrain', 0.7 + rand() * 0.5, 0.55);
    const peak = 95 + rand() * 40;
    const px = 200 + rand() * 80;
    const path = `M20 292 C ${r1(px - 150)} ${r1(peak + 60)}, ${r1(px - 60)} ${r1(peak)}, ${r1(px)} ${r1(peak)} C ${r1(px + 70)} ${r1(peak)}, ${r1(px + 170)} ${r1(peak + 70)}, 465 292 Z`;
    let crumbs = '';
    for (let i = 0; i < 260; i++) {
      const x = 40 + rand() * 400;
      const y = peak + 20 + rand() * (290 - peak - 20);
      const edge = Math.abs(x - px) / 230;
      if (y < peak + 10 + edge * edge * (290 - peak) * 0.9) continue;
      const s = 0.8 + rand() * 2.2;
      crumbs += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s)}" fill="${shade(tint, rand() > 0.5 ? 0.3 : -0.4)}" opacity="0.7"/>`;
    }
    return (
      indoorBackdrop(ctx, 170) +
      shadow(245, 292, 230, 14) +
      `<path d="${path}" fill="url(#heapfill)"/><path d="${path}" fill="#000" filter="${grain}"/>` +
      crumbs
    );
  },

  bales(ctx) {
    const { rand, tint } = ctx;
    const grain = grainFilter(ctx, 'balegrain', 0.06, 0.5);
    const fine = grainFilter(ctx, 'balefine', 0.8, 0.3);
    let out = indoorBackdrop(ctx, 175) + shadow(240, 296, 215, 12);
    let faces = '';
    let straps = '';
    const cols = 3;
    for (let row = 0; row < 2; row++) {
      for (let c = 0; c < cols; c++) {
        const w = 128;
        const h = 92;
        const x = 48 + c * (w + 6) + row * 10 + rand() * 6;
        const y = 200 - row * (h + 4) + rand() * 4;
        const colour = shade(tint, (rand() - 0.5) * 0.25);
        out += box(x, y, w, h, 18, colour);
        faces += `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`;
        for (let b = 1; b <= 3; b++)
          straps += `<rect x="${x}" y="${r1(y + (h * b) / 4 - 1.5)}" width="${w}" height="3" fill="#2b2b2b" opacity="0.75"/>`;
      }
    }
    return out + `<g fill="#000" filter="${grain}">${faces}</g><g fill="#000" filter="${fine}">${faces}</g>` + straps;
  },

  pallets(ctx) {
    const { rand, tint } = ctx;
    const grain = grainFilter(ctx, 'woodgrain', 0.02, 0.35);
    let out = indoorBackdrop(ctx, 165) + shadow(240, 298, 200, 12);
    let faces = '';
    for (let stack = 0; stack < 2; stack++) {
      const baseX = 40 + stack * 210;
      for (let i = 0; i < 8; i++) {
        const y = 280 - i * 22;
        const x = baseX + (rand() - 0.5) * 10;
        const wood = shade(tint, (rand() - 0.5) * 0.3);
        out += `<rect x="${r1(x)}" y="${y - 6}" width="190" height="6" fill="${shade(wood, 0.15)}"/>`;
        for (const bx of [0, 85, 170]) out += `<rect x="${r1(x + bx)}" y="${y}" width="20" height="12" fill="${shade(wood, -0.2)}"/>`;
        out += `<rect x="${r1(x)}" y="${y + 12}" width="190" height="4" fill="${shade(wood, -0.1)}"/>`;
        faces += `<rect x="${r1(x)}" y="${y - 6}" width="190" height="22"/>`;
      }
    }
    return out + `<g fill="#000" filter="${grain}">${faces}</g>`;
  },

  bottles(ctx) {
    const { rand, tint } = ctx;
    const clear = rgb(tint).reduce((a, b) => a + b, 0) > 600;
    let out = indoorBackdrop(ctx, 180) + shadow(240, 300, 220, 10);
    for (let row = 0; row < 3; row++) {
      const y = 110 + row * 62;
      for (let i = 0; i < 11; i++) {
        const x = 30 + i * 40 + (row % 2) * 12 + rand() * 2;
        const body = clear ? shade(tint, -0.05) : tint;
        out +=
          `<path d="M${x} ${y + 70} L${x} ${y + 26} Q${x} ${y + 14} ${x + 9} ${y + 8} L${x + 9} ${y - 8} L${x + 19} ${y - 8} L${x + 19} ${y + 8} Q${x + 28} ${y + 14} ${x + 28} ${y + 26} L${x + 28} ${y + 70} Z" fill="${body}" opacity="${clear ? 0.55 : 0.92}" stroke="${shade(tint, -0.5)}" stroke-width="0.8"/>` +
          `<rect x="${x + 4}" y="${y + 24}" width="4" height="40" rx="2" fill="#fff" opacity="0.45"/>` +
          (clear ? `<rect x="${x + 8}" y="${y - 12}" width="12" height="6" fill="#2c6fb0"/>` : '');
      }
    }
    out += `<rect x="14" y="${H - 58}" width="452" height="20" fill="#b38b57"/><rect x="14" y="90" width="452" height="${H - 130}" fill="#fff" opacity="0.08"/>`;
    return out;
  },

  crates(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 170) + shadow(240, 298, 210, 12);
    for (let col = 0; col < 3; col++) {
      for (let row = 0; row < 4; row++) {
        const x = 50 + col * 128 + rand() * 4;
        const y = 232 - row * 58;
        const c = shade(tint, (rand() - 0.5) * 0.2 - (rand() > 0.8 ? 0.25 : 0));
        out += box(x, y, 118, 54, 12, c);
        for (let k = 1; k < 6; k++) out += `<rect x="${x + k * 19.5}" y="${y + 4}" width="3" height="46" fill="${shade(c, -0.3)}"/>`;
        out += `<rect x="${x + 40}" y="${y + 8}" width="38" height="11" rx="5" fill="#1a1a1a" opacity="0.8"/>`;
      }
    }
    return out;
  },

  ibc(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 170) + shadow(240, 298, 220, 12);
    for (let i = 0; i < 2; i++) {
      const x = 40 + i * 215;
      const level = 0.45 + rand() * 0.4;
      out += `<rect x="${x}" y="78" width="190" height="196" rx="10" fill="#f1f1ea" opacity="0.92"/>`;
      out += `<rect x="${x + 4}" y="${r1(78 + 196 * (1 - level))}" width="182" height="${r1(196 * level - 4)}" rx="8" fill="${tint}" opacity="0.85"/>`;
      for (let g = 0; g <= 6; g++) out += `<rect x="${x + g * 31}" y="72" width="5" height="210" fill="#8d9296"/>`;
      for (let g = 0; g <= 5; g++) out += `<rect x="${x - 2}" y="${72 + g * 41}" width="196" height="5" fill="#8d9296"/>`;
      out += `<rect x="${x - 6}" y="280" width="204" height="14" fill="#5a5f63"/><circle cx="${x + 95}" cy="58" r="14" fill="#e8e8e0" stroke="#8d9296" stroke-width="4"/>`;
    }
    return out;
  },

  sacks(ctx) {
    const { rand, tint } = ctx;
    const weave = grainFilter(ctx, 'weave', 0.55, 0.45);
    let out = indoorBackdrop(ctx, 170) + shadow(240, 298, 220, 12);
    let faces = '';
    const positions: [number, number][] = [
      [60, 170],
      [190, 165],
      [320, 172],
      [120, 95],
      [255, 92],
    ];
    for (const [x, y] of positions) {
      const c = shade(tint, (rand() - 0.5) * 0.25);
      const w = 130 + rand() * 10;
      const h = 115 + rand() * 10;
      const d = `M${x} ${y + h} C${x - 10} ${y + h * 0.5}, ${x + 5} ${y + 10}, ${x + w * 0.25} ${y} L${x + w * 0.75} ${y} C${x + w - 5} ${y + 10}, ${x + w + 10} ${y + h * 0.5}, ${x + w} ${y + h} Z`;
      out += `<path d="${d}" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="1.5"/>`;
      faces += `<path d="${d}"/>`;
      out += `<path d="M${x + w * 0.3} ${y + 8} Q${x + w * 0.5} ${y + 22} ${x + w * 0.7} ${y + 8}" stroke="${shade(c, -0.4)}" stroke-width="3" fill="none"/>`;
      if (rand() > 0.4)
        out += `<rect x="${r1(x + w * 0.3)}" y="${r1(y + h * 0.45)}" width="${r1(w * 0.4)}" height="${r1(h * 0.22)}" fill="${shade(c, -0.45)}" opacity="0.45"/>`;
    }
    return out + `<g fill="#000" filter="${weave}">${faces}</g>`;
  },

  rolls(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 175) + shadow(240, 300, 220, 10);
    const rows = [
      [5, 262],
      [4, 206],
      [3, 150],
    ] as const;
    for (const [n, y] of rows) {
      for (let i = 0; i < n; i++) {
        const cx = 240 + (i - (n - 1) / 2) * 86 + rand() * 3;
        const c = shade(tint, (rand() - 0.5) * 0.5);
        out += `<circle cx="${r1(cx)}" cy="${y}" r="40" fill="${c}"/>`;
        for (let k = 34; k > 8; k -= 6)
          out += `<circle cx="${r1(cx)}" cy="${y}" r="${k}" fill="none" stroke="${shade(c, -0.25)}" stroke-width="1.2"/>`;
        out += `<circle cx="${r1(cx)}" cy="${y}" r="8" fill="#d8c7a0" stroke="#8a7752"/>`;
      }
    }
    return out;
  },

  planks(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 160) + shadow(240, 300, 225, 10);
    for (let row = 0; row < 7; row++) {
      let x = 28;
      const y = 272 - row * 30;
      while (x < 430) {
        const w = 38 + rand() * 40;
        const c = shade(tint, (rand() - 0.5) * 0.3);
        out += `<rect x="${r1(x)}" y="${y}" width="${r1(w)}" height="27" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="0.8"/>`;
        const cx = x + w * (0.2 + rand() * 0.6);
        for (let k = 1; k <= 3; k++)
          out += `<ellipse cx="${r1(cx)}" cy="${y + 30}" rx="${k * 8}" ry="${k * 7}" fill="none" stroke="${shade(c, -0.22)}" stroke-width="0.7"/>`;
        x += w + 2;
      }
    }
    return out;
  },

  metal(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 165) + shadow(240, 296, 215, 14);
    ctx.defs.push(
      `<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(tint, 0.35)}"/><stop offset="0.5" stop-color="${tint}"/><stop offset="1" stop-color="${shade(tint, -0.3)}"/></linearGradient>`,
    );
    for (let i = 0; i < 9; i++) {
      const cx = 120 + rand() * 240;
      const cy = 180 + rand() * 90;
      const w = 110 + rand() * 110;
      const h = 40 + rand() * 50;
      const a = (rand() - 0.5) * 40;
      let holes = '';
      for (let k = 0; k < 3; k++)
        holes += `<rect x="${r1(-w / 2 + 12 + k * (w / 3))}" y="${r1(-h / 2 + 10)}" width="${r1(w / 5)}" height="${r1(h / 2)}" rx="3" fill="#565a5e"/>`;
      out += `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(a)})"><rect x="${r1(-w / 2)}" y="${r1(-h / 2)}" width="${r1(w)}" height="${r1(h)}" fill="url(#steel)" stroke="${shade(tint, -0.45)}"/>${holes}</g>`;
    }
    return out;
  },

  beams(ctx) {
    const { rand, tint } = ctx;
    let out = outdoorBackdrop(ctx, 150) + shadow(240, 292, 230, 12);
    for (let i = 0; i < 6; i++) {
      const y = 262 - i * 26 - (i > 2 ? 4 : 0);
      const x = 30 + (i % 3) * 12 + rand() * 8;
      const c = shade(tint, (rand() - 0.5) * 0.25);
      out += `<rect x="${r1(x + 28)}" y="${y}" width="${r1(400 - x)}" height="22" fill="${c}"/><rect x="${r1(x + 28)}" y="${y}" width="${r1(400 - x)}" height="4" fill="${shade(c, 0.3)}"/>`;
      out += `<path d="M${r1(x)} ${y} h28 v5 h-10 v12 h10 v5 h-28 v-5 h10 v-12 h-10 Z" fill="${shade(c, -0.35)}"/>`;
    }
    return out;
  },

  warehouse(ctx) {
    const { rand, tint } = ctx;
    const vx = 240 + (rand() - 0.5) * 60;
    const vy = 150;
    let out =
      `<rect width="${W}" height="${H}" fill="#c9ccc8"/>` +
      `<path d="M0 ${H} L${vx} ${vy} L${W} ${H} Z" fill="#a3a6a2"/>` +
      `<path d="M${vx - 6} ${vy} L${vx - 30} ${H} M${vx + 6} ${vy} L${vx + 30} ${H}" stroke="#e8c431" stroke-width="3"/>` +
      `<rect width="${W}" height="40" fill="#8e928f"/>`;
    for (let k = 0; k < 5; k++) out += `<rect x="${80 + k * 75}" y="16" width="44" height="8" fill="#fffbe6" opacity="0.9"/>`;
    // Racking on both sides, converging to the vanishing point; some levels empty (the space on offer).
    for (const side of [-1, 1]) {
      for (let u = 0; u < 6; u++) {
        const t = u / 6;
        const xNear = side < 0 ? 0 : W;
        const x = xNear + (vx - xNear) * (0.05 + t * 0.75);
        const top = 40 + (vy - 40) * t * 0.6;
        const bottom = H - (H - vy) * (0.05 + t * 0.75);
        out += `<rect x="${r1(x - 3)}" y="${r1(top)}" width="6" height="${r1(bottom - top)}" fill="${shade(tint, -0.1)}"/>`;
        for (let lvl = 1; lvl <= 3; lvl++) {
          const y = bottom - ((bottom - top) * lvl) / 3.4;
          const next = xNear + (vx - xNear) * (0.05 + (t + 1 / 6) * 0.75);
          out += `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(next)}" y2="${r1(y + (side < 0 ? 1 : 1) * 6 * (1 - t))}" stroke="${tint}" stroke-width="${r1(5 * (1 - t) + 1)}"/>`;
          if (rand() > 0.55) {
            const bh = ((bottom - top) / 3.4) * 0.7;
            out += `<rect x="${r1(Math.min(x, next) + 3)}" y="${r1(y - bh)}" width="${r1(Math.abs(next - x) - 6)}" height="${r1(bh)}" fill="${shade('#b8905c', (rand() - 0.5) * 0.3)}"/>`;
          }
        }
      }
    }
    return out;
  },

  yard(ctx) {
    const { rand, tint } = ctx;
    let out = outdoorBackdrop(ctx, 165);
    for (let i = 0; i < 12; i++) out += `<rect x="${i * 42}" y="120" width="2" height="60" fill="#6e7479"/>`;
    out += `<rect x="0" y="128" width="${W}" height="1.5" fill="#6e7479"/><rect x="0" y="150" width="${W}" height="1.5" fill="#6e7479"/>`;
    const colours = [tint, shade(tint, 0.2), '#8c3b2f', '#3c6e47', shade(tint, -0.2)];
    for (let row = 0; row < 2; row++) {
      for (let i = 0; i < 3; i++) {
        const x = 30 + i * 150 + row * 20 + rand() * 6;
        const y = 210 - row * 62;
        const c = colours[Math.floor(rand() * colours.length)]!;
        let ribs = '';
        for (let k = 6; k < 130; k += 8) ribs += `<rect x="${r1(x + k)}" y="${y + 3}" width="3" height="54" fill="${shade(c, -0.2)}"/>`;
        out += box(x, y, 135, 60, 14, c, ribs);
      }
    }
    return out;
  },

  meeting(ctx) {
    const { rand, tint } = ctx;
    let out =
      `<rect width="${W}" height="${H}" fill="#e9e6df"/><rect x="340" y="0" width="140" height="210" fill="#cfe1ea"/>` +
      `<rect x="340" y="0" width="140" height="210" fill="none" stroke="#9aa3a8" stroke-width="6"/><rect x="408" y="0" width="4" height="210" fill="#9aa3a8"/>` +
      `<rect y="230" width="${W}" height="90" fill="#b79f7e"/>`;
    // The whiteboard with a chart in the listing's colour.
    out += `<rect x="40" y="40" width="260" height="150" fill="#fbfbf8" stroke="#8c9194" stroke-width="4"/>`;
    let bars = '';
    for (let k = 0; k < 6; k++) {
      const h = 20 + rand() * 90;
      bars += `<rect x="${62 + k * 38}" y="${r1(175 - h)}" width="24" height="${r1(h)}" fill="${k === 5 ? tint : shade(tint, 0.45)}"/>`;
    }
    out +=
      bars +
      `<path d="M62 150 L100 ${r1(120 + rand() * 20)} L140 ${r1(100 + rand() * 20)} L180 ${r1(80 + rand() * 20)} L220 70 L270 55" stroke="#c0392b" stroke-width="3" fill="none"/>`;
    // The table and people around it.
    out += `<path d="M30 300 L90 232 L410 232 L460 300 Z" fill="#5b4636"/><path d="M30 300 L460 300 L460 310 L30 310 Z" fill="#3d2f25"/>`;
    const shirts = [tint, '#4a5a6a', '#8a4a3a', '#d8d2c4', '#2f4f3f'];
    for (let p = 0; p < 4; p++) {
      const x = 90 + p * 95 + rand() * 10;
      const shirt = shirts[(p + Math.floor(rand() * 5)) % shirts.length]!;
      const skin = ['#e8c4a0', '#c08a5e', '#8d5a3b', '#f1d2b4'][Math.floor(rand() * 4)]!;
      out += `<path d="M${x - 34} 240 Q${x - 32} 196 ${x} 192 Q${x + 32} 196 ${x + 34} 240 Z" fill="${shirt}"/><circle cx="${x}" cy="172" r="19" fill="${skin}"/><path d="M${x - 19} 168 Q${x} 142 ${x + 19} 168 Q${x + 12} 156 ${x} 156 Q${x - 12} 156 ${x - 19} 168 Z" fill="${['#2b1d14', '#6b4a2b', '#c9a15a', '#1c1c1c'][p % 4]}"/>`;
    }
    out += `<rect x="150" y="236" width="60" height="38" rx="3" fill="#d9dde0"/><rect x="285" y="240" width="46" height="30" fill="#fafafa"/>`;
    return out;
  },

  lab(ctx) {
    const { rand, tint } = ctx;
    let out = `<rect width="${W}" height="${H}" fill="#eef1f2"/><rect x="0" y="0" width="${W}" height="60" fill="#dfe5e8"/>`;
    out += `<rect x="300" y="40" width="160" height="170" fill="#c9d3d8" stroke="#8e9aa0" stroke-width="4"/><rect x="312" y="60" width="136" height="90" fill="#e6f0f4" opacity="0.8"/>`;
    out += `<rect x="0" y="200" width="${W}" height="22" fill="#30363b"/><rect x="0" y="222" width="${W}" height="98" fill="#b8c2c7"/>`;
    for (let k = 0; k < 4; k++) out += `<rect x="${20 + k * 115}" y="232" width="100" height="80" fill="#a7b2b8" stroke="#8e9aa0"/>`;
    for (let f = 0; f < 6; f++) {
      const x = 30 + f * 46 + rand() * 8;
      const level = 0.3 + rand() * 0.5;
      const h = 60 + rand() * 30;
      out += `<path d="M${x} 200 L${x + 12} ${r1(200 - h * 0.55)} L${x + 12} ${r1(200 - h)} L${x + 22} ${r1(200 - h)} L${x + 22} ${r1(200 - h * 0.55)} L${x + 34} 200 Z" fill="#f4fbff" opacity="0.7" stroke="#7d8b92"/>`;
      out += `<path d="M${r1(x + 34 * (1 - level) * 0.35)} ${r1(200 - h * 0.55 * level)} L${r1(x + 34 - 34 * (1 - level) * 0.35)} ${r1(200 - h * 0.55 * level)} L${x + 34} 200 L${x} 200 Z" fill="${shade(tint, (rand() - 0.5) * 0.4)}" opacity="0.85"/>`;
    }
    return out;
  },

  electronics(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 165) + shadow(240, 298, 215, 12);
    for (let s = 0; s < 2; s++) {
      for (let i = 0; i < 9; i++) {
        const x = 40 + s * 215 + (rand() - 0.5) * 14;
        const y = 272 - i * 19;
        const c = shade(tint, (rand() - 0.5) * 0.3);
        out += `<rect x="${r1(x)}" y="${y}" width="190" height="15" rx="4" fill="${c}"/><rect x="${r1(x + 4)}" y="${y + 2}" width="182" height="3" rx="1.5" fill="${shade(c, 0.35)}"/>`;
        if (rand() > 0.7) out += `<rect x="${r1(x + 150)}" y="${y + 6}" width="22" height="6" fill="#f3f3f3"/>`;
      }
    }
    return out;
  },

  cables(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 165);
    out += `<rect x="60" y="150" width="360" height="150" fill="#a4804e"/><path d="M60 150 L100 118 L460 118 L420 150 Z" fill="#c49b62"/><path d="M420 150 L460 118 L460 268 L420 300 Z" fill="#7f6139"/>`;
    for (let i = 0; i < 70; i++) {
      const cx = 110 + rand() * 290;
      const cy = 120 + rand() * 40;
      const rx = 20 + rand() * 60;
      const ry = 6 + rand() * 16;
      const c = rand() > 0.35 ? shade(tint, (rand() - 0.5) * 0.4) : ['#1d1d1d', '#2d5fa8', '#b8b8b8'][Math.floor(rand() * 3)]!;
      out += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="none" stroke="${c}" stroke-width="${r1(2 + rand() * 3)}" transform="rotate(${r1((rand() - 0.5) * 40)} ${r1(cx)} ${r1(cy)})"/>`;
    }
    return out;
  },

  trays(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 170) + shadow(240, 298, 215, 12);
    for (let s = 0; s < 4; s++) {
      const x = 38 + s * 105;
      const n = 14 + Math.floor(rand() * 8);
      for (let i = 0; i < n; i++) {
        const y = 285 - i * 9;
        const c = shade(tint, (i % 2 ? -0.08 : 0.08) + (rand() - 0.5) * 0.05);
        out += `<path d="M${x} ${y} L${x + 8} ${y - 8} L${x + 86} ${y - 8} L${x + 94} ${y} Z" fill="${shade(c, 0.2)}"/><rect x="${x}" y="${y}" width="94" height="5" fill="${c}"/>`;
      }
    }
    return out;
  },

  cartons(ctx) {
    const { rand, tint } = ctx;
    let out = indoorBackdrop(ctx, 170) + shadow(240, 298, 215, 12);
    out += `<rect x="40" y="282" width="400" height="14" fill="#9c7a4f"/>`;
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) {
        const w = 124;
        const h = 70;
        const x = 44 + col * (w + 4) + rand() * 3;
        const y = 212 - row * (h + 3);
        const c = shade(tint, (rand() - 0.5) * 0.15);
        const tape = `<rect x="${x}" y="${y + h / 2 - 4}" width="${w}" height="8" fill="${shade(c, 0.25)}" opacity="0.8"/>`;
        const label = rand() > 0.5 ? `<rect x="${x + 12}" y="${y + 10}" width="34" height="20" fill="#f6f6f2"/>` : '';
        out += box(x, y, w, h, 10, c, tape + label);
      }
    }
    return out;
  },

  truck(ctx) {
    const { rand, tint } = ctx;
    let out = outdoorBackdrop(ctx, 190);
    out += `<rect y="250" width="${W}" height="4" fill="#e8e8e8" opacity="0.8"/>`;
    const x = 40 + rand() * 10;
    out += `<rect x="${x}" y="110" width="300" height="120" fill="${tint}"/><rect x="${x}" y="110" width="300" height="8" fill="${shade(tint, 0.3)}"/>`;
    for (let k = 1; k < 10; k++) out += `<rect x="${x + k * 30}" y="118" width="2" height="112" fill="${shade(tint, -0.15)}"/>`;
    out += `<path d="M${x + 306} 230 L${x + 306} 140 L${x + 360} 140 L${x + 392} 182 L${x + 392} 230 Z" fill="${shade(tint, -0.3)}"/><path d="M${x + 316} 150 L${x + 356} 150 L${x + 380} 182 L${x + 316} 182 Z" fill="#bcd6e6"/>`;
    out += `<rect x="${x}" y="230" width="392" height="10" fill="#2b2b2b"/>`;
    for (const wx of [40, 80, 250, 290, 360])
      out += `<circle cx="${x + wx}" cy="244" r="17" fill="#1b1b1b"/><circle cx="${x + wx}" cy="244" r="7" fill="#9a9a9a"/>`;
    return out;
  },
};

/** The SVG of a listing's picture; `seedText` (e.g. the title) varies the arrangement. */
export function demoPhotoSvg(photo: DemoPhoto, seedText: string): string {
  const seed = hashSeed(`${photo.scene}:${seedText}`);
  const ctx: Ctx = { rand: mulberry32(seed), tint: photo.tint, seed, defs: [] };
  ctx.defs.push('<filter id="soft" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="6"/></filter>');
  const body = scenes[photo.scene](ctx);
  // A gentle vignette and light from the upper left, as a camera would see it.
  ctx.defs.push(
    '<radialGradient id="vignette" cx="0.45" cy="0.4" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>',
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${ctx.defs.join('')}</defs>` +
    `${body}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`
  );
}

/**
 * The PNG of a listing's picture, drawn off the main thread: the 70 demo photos take about 3 s on two cores drawn
 * together, 6 s one after another.
 */
export async function demoPhoto(photo: DemoPhoto, seedText: string): Promise<Buffer> {
  return Buffer.from((await renderAsync(demoPhotoSvg(photo, seedText), { fitTo: { mode: 'original' } })).asPng());
}
