import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream } from 'pdf-lib';

/** The text a PDF draws, one string per line drawn: pdf-lib writes standard-font strings as hex in (Flate-compressed) content streams. */
export function pdfText(pdf: PDFDocument): string {
  const out: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}
