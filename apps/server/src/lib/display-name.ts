/** A person's name as staff screens show it: "First Last", trimmed; the e-mail when no name is known. */
export function displayName(person: { firstName: string | null; lastName: string | null; email: string } | undefined): string {
  return (
    [person?.firstName, person?.lastName]
      .map((s) => s?.trim() ?? '')
      .filter(Boolean)
      .join(' ') ||
    (person?.email ?? '')
  );
}
