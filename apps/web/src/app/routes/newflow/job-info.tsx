import { EmployerSearch } from '../../../features/employer/components/employer-search';
import { JobInfo } from '../../../features/newflow/components/job-info';

export function Component() {
  return <JobInfo renderEmployerSearch={(slot) => <EmployerSearch {...slot} />} />;
}
