/**
 * Pure helpers for the load scripts' reports (`npm run test:scale`, apps/server/bench/scale.ts):
 * latency percentiles per named step, a plain-text table, and SQL text shortened for one line.
 */

/** The nearest-rank percentile (`p` in 0–100) of ascending `sorted` samples; undefined when empty. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  if (p <= 0) return sorted[0];
  const rank = Math.ceil((Math.min(p, 100) / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type StepSummary = { step: string; count: number; p50: number; p95: number; p99: number; max: number };

/** One row per step with at least one sample, in the order the steps were first seen (the journey's order). */
export function summarizeSteps(samples: ReadonlyMap<string, readonly number[]>): StepSummary[] {
  const rows: StepSummary[] = [];
  for (const [step, values] of samples) {
    if (values.length === 0) continue;
    const sorted = [...values].sort((a, b) => a - b);
    rows.push({
      step,
      count: sorted.length,
      p50: percentile(sorted, 50)!,
      p95: percentile(sorted, 95)!,
      p99: percentile(sorted, 99)!,
      max: sorted[sorted.length - 1]!,
    });
  }
  return rows;
}

/**
 * A plain-text table: a header, a rule, then the rows; columns as wide as their widest cell. Columns whose
 * index is in `rightAligned` (numbers) are padded on the left. Trailing spaces are trimmed.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[], rightAligned: readonly number[] = []): string[] {
  const cells = [headers.map(String), ...rows.map((r) => headers.map((_, i) => String(r[i] ?? '')))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)];
}

/** A statement's text on one line (runs of whitespace collapsed), at most `max` characters ("…" marks a cut). */
export function oneLineSql(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}
