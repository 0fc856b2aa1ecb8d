/** /jobs (admin): the page lives in its feature (issue #34). */
export { JobsPage as Component } from '../../features/jobs/components/jobs-page';
