import axe from 'axe-core';

/** Axe's rule ids that fail on the rendered document (colour contrast needs real CSS, which happy-dom has not). */
export async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
