import { normalizeSignatureName, signatureFontSize } from '@payrail/domain/esign/signature';
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';

/** Letter size in PDF points, with the margin the generated documents (note, payoff letter) use. */
export const LETTER = { width: 612, height: 792, margin: 54 } as const;
export const INK = rgb(0.12, 0.16, 0.2);

/** The standard PDF fonts speak WinAnsi only: map the few typographic characters outside it, drop the rest. */
export function toWinAnsi(s: string): string {
  return s
    .replace(/[\u2010-\u2013]/g, '-')
    .replace(/[\u2014]/g, '--')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '');
}

/** `s` broken into lines no wider than `maxWidth` at `size` (words kept whole), already WinAnsi-safe. */
export function wrapLines(s: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(s).split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Top-to-bottom text layout on Letter pages: `y` is where the next line starts; a new page begins when
 * what comes next does not fit above the bottom margin. Shared by the generated documents.
 */
export class TextFlow {
  page: PDFPage;
  y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.page = pdf.addPage([LETTER.width, LETTER.height]);
    this.y = LETTER.height - LETTER.margin;
  }

  /** Starts a new page unless `space` points are left above the bottom margin. */
  ensure(space: number): void {
    if (this.y - space < LETTER.margin) {
      this.page = this.pdf.addPage([LETTER.width, LETTER.height]);
      this.y = LETTER.height - LETTER.margin;
    }
  }

  /** Writes `s` wrapped to the text width, then leaves `gapAfter` points. */
  write(s: string, font: PDFFont = this.font, size = 10, gapAfter = 4, color: RGB = INK): void {
    for (const text of wrapLines(s, font, size, LETTER.width - 2 * LETTER.margin)) {
      this.ensure(size * 1.45);
      this.page.drawText(text, { x: LETTER.margin, y: this.y - size, size, font, color });
      this.y -= size * 1.45;
    }
    this.y -= gapAfter;
  }
}

/** Grey for footers and secondary lines. */
export const MUTED = rgb(0.32, 0.38, 0.43);

/**
 * The signature block of a signed agreement: the heading, the typed name in a script face over a line, and
 * the line that says who signed, when and from where (E-SIGN record).
 */
export function drawSignatureBlock(
  flow: TextFlow,
  signature: { name: string; signedAt: Date; ip: string | null },
  fonts: { regular: PDFFont; bold: PDFFont; script: PDFFont },
): void {
  flow.ensure(110);
  flow.y -= 10;
  flow.write("Borrower's signature", fonts.bold, 11, 4);
  const name = normalizeSignatureName(signature.name);
  const size = signatureFontSize(name);
  flow.page.drawText(toWinAnsi(name), { x: LETTER.margin, y: flow.y - size, size, font: fonts.script, color: INK });
  flow.y -= size + 6;
  flow.page.drawLine({ start: { x: LETTER.margin, y: flow.y }, end: { x: LETTER.width - LETTER.margin, y: flow.y }, thickness: 0.8, color: INK });
  flow.y -= 4;
  flow.write(
    `Signed electronically by ${name} on ${signature.signedAt.toISOString()} from IP address ${signature.ip ?? 'unknown'}, with consent to sign electronically.`,
    fonts.regular,
    8.5,
    0,
  );
}

/** "Page N of M" at the foot of every page, once the document is complete. */
export function numberPages(pdf: PDFDocument, font: PDFFont): void {
  const pages = pdf.getPages();
  pages.forEach((p, i) =>
    p.drawText(`Page ${String(i + 1)} of ${String(pages.length)}`, { x: LETTER.width - LETTER.margin - 60, y: LETTER.margin / 2, size: 8, font, color: MUTED }),
  );
}
