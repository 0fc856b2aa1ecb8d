import { Ssn } from '../../../features/newflow/components/ssn';

export function Component() {
  return <Ssn />;
}
