// The one schema object Drizzle needs; table groups live in their own files.
export * from './reference';
export * from './platform';
export * from './staff';
export * from './identity';
export * from './workflow';
export * from './engagement';
export * from './documents';
export * from './banking';
export * from './esignature';
export * from './application';
export * from './employment';
export * from './pricing';
export * from './review';
export * from './servicing';
export * from './collections';
export * from './newflow';
