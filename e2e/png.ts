// Reading screenshots of maps (a WebGL canvas has nothing to query from the page): the pixels of a PNG, 8-bit RGB
// or RGBA as Chromium writes them, and colour comparison with a tolerance.
import { inflateSync } from 'node:zlib';

export function readPng(buf: Buffer): { width: number; height: number; px: (x: number, y: number) => [number, number, number] } {
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 3;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      channels = data[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? out[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const v = [x, x + a, x + b, x + ((a + b) >> 1), x + paeth][filter]!;
      out[y * stride + i] = v & 255;
    }
  }
  return { width, height, px: (x, y) => [out[y * stride + x * channels]!, out[y * stride + x * channels + 1]!, out[y * stride + x * channels + 2]!] };
}

export const near = (a: [number, number, number], hex: string, tolerance = 10) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const b = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
};
