/** A distinct colour per series (up to ~24 vintages), readable on the light surface. */
export function seriesColour(i: number, of: number): string {
  const hue = Math.round((i * 360) / Math.max(1, of)) % 360;
  return `hsl(${hue} 70% 38%)`;
}
