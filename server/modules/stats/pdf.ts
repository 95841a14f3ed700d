// PDF documents of the impact domain (pdfkit 0.20.2): the certificate of one synergy and the ESG export's PDF
// form. The standard Helvetica fonts need no font files; they cover Latin-1 (Danish and Malay included), and any
// other character is written as its closest Latin form or "?" rather than as a broken glyph.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** Text Helvetica (WinAnsi) can show: accents kept where Latin-1 has them, others decomposed, the rest "?". */
export function pdfText(text: string): string {
  const winAnsiExtras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.includes(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** Renders a document and resolves its bytes. `info.CreationDate` is fixed by the caller so a record's PDF is stable. */
export function renderPdf(build: (doc: PdfDoc) => Promise<void> | void, info: { Title: string; CreationDate: Date }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Producer: 'Synergy Marketplace', Creator: 'Synergy Marketplace' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve(build(doc)).then(
      () => doc.end(),
      (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
}

const GREEN = '#1f6f4a';
const GREY = '#555555';

export interface CertificateText {
  title: string;
  intro: string;
  rows: [label: string, value: string][];
  method: string;
  formula: string;
  factorsUsed: string;
  factors: string[];
  verify: string;
  verifyUrl: string;
  codeLabel: string;
  code: string;
  credit: string;
}

/** One A4 page: heading, the record as label/value rows, the method with its factors, and the QR code. */
export async function certificatePdf(t: CertificateText, createdAt: Date): Promise<Buffer> {
  const qr = await qrPng(t.verifyUrl);
  return renderPdf(
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.rect(0, 0, doc.page.width, 12).fill(GREEN);
      doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(24).text(pdfText(t.title), left, 56, { width });
      doc.moveDown(0.5).fillColor('#000000').font('Helvetica').fontSize(10.5).text(pdfText(t.intro), { width });
      doc.moveDown(1);
      for (const [label, value] of t.rows) {
        const y = doc.y;
        doc.font('Helvetica').fillColor(GREY).fontSize(10).text(pdfText(label), left, y, { width: 150 });
        doc
          .font('Helvetica-Bold')
          .fillColor('#000000')
          .fontSize(11)
          .text(pdfText(value), left + 160, y, { width: width - 160 });
        doc.moveDown(0.5);
      }
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).fillColor(GREEN).text(pdfText(t.method), left, doc.y, { width });
      doc.moveDown(0.3).font('Helvetica').fontSize(9.5).fillColor('#000000').text(pdfText(t.formula), { width });
      if (t.factors.length) {
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(9.5).text(pdfText(t.factorsUsed), { width });
        doc.font('Helvetica').fontSize(8.5);
        for (const f of t.factors) doc.text(pdfText(`- ${f}`), { width });
      }
      const qrSize = 120;
      const qrY = Math.max(doc.y + 20, doc.page.height - doc.page.margins.bottom - qrSize - 40);
      doc.image(qr, left, qrY, { width: qrSize, height: qrSize });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor('#000000')
        .text(pdfText(t.verify), left + qrSize + 16, qrY, { width: width - qrSize - 16 });
      doc
        .moveDown(0.3)
        .fillColor(GREEN)
        .text(t.verifyUrl, { width: width - qrSize - 16, link: t.verifyUrl, underline: true });
      doc
        .moveDown(0.3)
        .fillColor(GREY)
        .text(pdfText(`${t.codeLabel}: ${t.code}`), { width: width - qrSize - 16 });
      doc
        .fontSize(8)
        .fillColor(GREY)
        .text(pdfText(t.credit), left, qrY + qrSize + 12, { width });
    },
    { Title: pdfText(t.title), CreationDate: createdAt },
  );
}

export interface TablePdf {
  title: string;
  subtitle: string;
  notes: string[];
  columns: { header: string; disclosure: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  totals: string[];
}

/** Measures text in the current font and size of a document (pdfkit's widthOfString). */
type Measure = (text: string) => number;

/**
 * Lines of `text` no wider than `width`, broken only at spaces: a word or a number is never split across lines
 * (pdfkit would break a long word mid-word, and a hyphenated one at its hyphen). A single word wider than `width`
 * stays whole on its own line; the table layout sizes its columns so that this does not happen.
 */
export function wrapWords(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && measure(next) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

const PAD = 3;
const FONTS = {
  header: ['Helvetica-Bold', 8],
  disclosure: ['Helvetica-Oblique', 6.5],
  cell: ['Helvetica', 7.5],
  total: ['Helvetica-Bold', 8],
} as const;
type Part = keyof typeof FONTS;

export interface TableLayout {
  /** Column widths in points, filling the page width. */
  widths: number[];
  /** Font sizes are the defaults times this (below 1 only when the widest words would not fit otherwise). */
  scale: number;
}

/**
 * Column widths such that every word of every cell (header, disclosure, rows, totals) fits its column: each column
 * gets its widest word plus a share of the rest of the page by its declared width. Where the widest words alone are
 * wider than the page, all fonts shrink together until they fit.
 */
export function layoutTable(doc: PdfDoc, t: TablePdf, pageWidth: number): TableLayout {
  const words = (text: string) => pdfText(text).split(/\s+/).filter(Boolean);
  const cellsOf = (part: Part): string[][] =>
    part === 'header'
      ? [t.columns.map((c) => c.header)]
      : part === 'disclosure'
        ? [t.columns.map((c) => c.disclosure)]
        : part === 'total'
          ? [t.totals]
          : t.rows;
  const minimum = (scale: number) =>
    t.columns.map((_, i) => {
      let widest = 0;
      for (const part of Object.keys(FONTS) as Part[]) {
        const [font, size] = FONTS[part];
        doc.font(font).fontSize(size * scale);
        for (const row of cellsOf(part)) for (const w of words(row[i] ?? '')) widest = Math.max(widest, doc.widthOfString(w));
      }
      return widest + 2 * PAD + 0.5;
    });
  let scale = 1;
  let min = minimum(scale);
  while (min.reduce((a, b) => a + b, 0) > pageWidth && scale > 0.5) {
    scale = Math.round((scale - 0.05) * 100) / 100;
    min = minimum(scale);
  }
  // What the widest words leave of the page is shared out by the declared widths.
  const free = Math.max(0, pageWidth - min.reduce((a, b) => a + b, 0));
  const weight = t.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = min.map((w, i) => w + (free * t.columns[i]!.width) / weight);
  return { widths, scale };
}

/** A landscape table that continues over pages, its header repeated on each (the ESG export's PDF form). */
export function tablePdf(t: TablePdf, createdAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: pdfText(t.title), CreationDate: createdAt, Producer: 'Synergy Marketplace', Creator: 'Synergy Marketplace' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const pageWidth = doc.page.width - left - doc.page.margins.right;
    const { widths, scale } = layoutTable(doc, t, pageWidth);
    const bottom = () => doc.page.height - doc.page.margins.bottom;
    const measure: Measure = (text) => doc.widthOfString(text);

    /** Text at (x, y) wrapped at spaces only; answers the height it took. */
    const block = (text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') => {
      const lines = wrapWords(pdfText(text), width, measure);
      const lineHeight = doc.currentLineHeight(true);
      lines.forEach((line, i) => doc.text(line, x, y + i * lineHeight, { width, align, lineBreak: false }));
      return lines.length * lineHeight;
    };

    const row = (cells: string[], part: Part, fill?: string) => {
      const [font, size] = FONTS[part];
      doc.font(font).fontSize(size * scale);
      const lineHeight = doc.currentLineHeight(true);
      const heights = cells.map((c, i) => wrapWords(pdfText(c), widths[i]! - 2 * PAD, measure).length * lineHeight);
      const h = Math.max(...heights) + 2 * PAD;
      if (doc.y + h > bottom()) {
        doc.addPage();
        header();
        doc.font(font).fontSize(size * scale);
      }
      const y = doc.y;
      if (fill)
        doc
          .rect(
            left,
            y,
            widths.reduce((a, b) => a + b, 0),
            h,
          )
          .fill(fill);
      let x = left;
      doc.fillColor('#000000');
      cells.forEach((c, i) => {
        block(c, x + PAD, y + PAD, widths[i]! - 2 * PAD, t.columns[i]?.align ?? 'left');
        x += widths[i]!;
      });
      doc.x = left;
      doc.y = y + h;
    };
    const header = () => {
      row(
        t.columns.map((c) => c.header),
        'header',
        '#e3efe8',
      );
      row(
        t.columns.map((c) => c.disclosure),
        'disclosure',
        '#f3f7f5',
      );
    };

    let y = doc.y;
    doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(16);
    y += block(t.title, left, y, pageWidth);
    doc.fillColor('#000000').font('Helvetica').fontSize(9);
    y += block(t.subtitle, left, y, pageWidth);
    doc.fontSize(7.5).fillColor(GREY);
    for (const n of t.notes) y += block(n, left, y, pageWidth);
    doc.x = left;
    doc.y = y + 8;
    header();
    for (const r of t.rows) row(r, 'cell');
    row(t.totals, 'total', '#e3efe8');
    doc.end();
  });
}
