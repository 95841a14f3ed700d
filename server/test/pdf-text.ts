// The lines of text a pdfkit document draws, in drawing order: each TJ operator of its inflated content streams,
// its hex strings joined (the numbers between them are kerning). Enough to check what a reader sees on a page.
import { inflateSync } from 'node:zlib';

export function pdfLines(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // an image or another stream that is not deflated text
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}
