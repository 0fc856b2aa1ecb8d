import { Employment } from '../../../features/newflow/components/employment';

export function Component() {
  return <Employment />;
}
