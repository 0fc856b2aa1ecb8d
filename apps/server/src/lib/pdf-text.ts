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
