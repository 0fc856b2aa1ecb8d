/** "Checking" / "Savings" for an account type; a dash when none is on file. */
export function accountTypeLabel(type: string | null | undefined): string {
  if (!type) return '—';
  return type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
}
