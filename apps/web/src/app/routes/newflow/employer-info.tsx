import { EmployerInfo } from '../../../features/newflow/components/employer-info';

export function Component() {
  return <EmployerInfo />;
}
