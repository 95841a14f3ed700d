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
    const total = t.columns.reduce((s, c) => s + c.width, 0);
    const scale = (doc.page.width - left - doc.page.margins.right) / total;
    const widths = t.columns.map((c) => c.width * scale);
    const bottom = () => doc.page.height - doc.page.margins.bottom;

    const row = (cells: string[], font: string, size: number, fill?: string) => {
      doc.font(font).fontSize(size);
      const heights = cells.map((c, i) => doc.heightOfString(pdfText(c), { width: widths[i]! - 6 }));
      const h = Math.max(...heights) + 6;
      if (doc.y + h > bottom()) {
        doc.addPage();
        header();
        doc.font(font).fontSize(size);
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
      cells.forEach((c, i) => {
        doc.fillColor('#000000').text(pdfText(c), x + 3, y + 3, { width: widths[i]! - 6, align: t.columns[i]?.align ?? 'left' });
        x += widths[i]!;
      });
      doc.x = left;
      doc.y = y + h;
    };
    const header = () => {
      row(
        t.columns.map((c) => c.header),
        'Helvetica-Bold',
        8,
        '#e3efe8',
      );
      row(
        t.columns.map((c) => c.disclosure),
        'Helvetica-Oblique',
        6.5,
        '#f3f7f5',
      );
    };

    doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(16).text(pdfText(t.title), left, doc.y);
    doc.fillColor('#000000').font('Helvetica').fontSize(9).text(pdfText(t.subtitle));
    for (const n of t.notes) doc.fontSize(7.5).fillColor(GREY).text(pdfText(n));
    doc.moveDown(0.6);
    header();
    for (const r of t.rows) row(r, 'Helvetica', 7.5);
    row(t.totals, 'Helvetica-Bold', 8, '#e3efe8');
    doc.end();
  });
}
