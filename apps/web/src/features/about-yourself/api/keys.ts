/** The query keys of the About-yourself step's reads. */
export const aboutYourselfKeys = {
  fields: ['about-yourself', 'fields'] as const,
  references: ['about-yourself', 'references'] as const,
  education: ['about-yourself', 'education'] as const,
};
