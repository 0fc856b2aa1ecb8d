import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { AgreementSection } from '../db/schema/reference';

type Doc = { title: string; version: string; sections: AgreementSection[] };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The document's body as HTML fragments (headings and paragraphs), for embedding in the SPA. */
export function agreementBodyHtml(doc: Doc): string {
  return doc.sections
    .map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</section>`)
    .join('\n');
}

/** A standalone, readable HTML page (the "public document link" the SPA opens in a new window). */
export function agreementPageHtml(doc: Doc, pdfUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)} · Payrail</title>
<style>
body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;max-width:46rem;margin:0 auto;padding:2rem 1.25rem;background:#fff}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}
.meta{color:#52606d;font-size:.9rem;margin:0 0 1.5rem}a{color:#0b5cad}
</style></head>
<body><main><h1>${escapeHtml(doc.title)}</h1><p class="meta">Version ${escapeHtml(doc.version)} · <a href="${escapeHtml(pdfUrl)}">Download PDF</a></p>
${agreementBodyHtml(doc)}
</main></body></html>`;
}

// The standard PDF fonts speak WinAnsi only; map the few typographic characters outside it.
const toWinAnsi = (s: string) =>
  s
    .replace(/[\u2010-\u2013]/g, '-')
    .replace(/[\u2264]/g, '<=')
    .replace(/[\u2265]/g, '>=')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '');

/** Renders the document to a paginated Letter-size PDF. */
export async function agreementPdf(doc: Doc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setProducer('Payrail');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [612, 792, 56];
  let page = pdf.addPage([width, height]);
  let y = height - margin;

  const write = (text: string, font = regular, size = 10.5, gapAfter = 6) => {
    const words = toWinAnsi(text).split(/\s+/);
    let line = '';
    const lines: string[] = [];
    for (const w of words) {
      const candidate = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(candidate, size) > width - 2 * margin && line) {
        lines.push(line);
        line = w;
      } else line = candidate;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      if (y < margin + size) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(l, { x: margin, y, size, font, color: rgb(0.12, 0.16, 0.2) });
      y -= size * 1.45;
    }
    y -= gapAfter;
  };

  write(doc.title, bold, 16, 4);
  write(`Version ${doc.version}`, regular, 9, 14);
  for (const s of doc.sections) {
    write(s.heading, bold, 12, 4);
    for (const p of s.paragraphs) write(p);
  }
  return pdf.save();
}
