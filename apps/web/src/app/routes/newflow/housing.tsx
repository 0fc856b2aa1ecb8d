import { Housing } from '../../../features/newflow/components/personal-info';

export function Component() {
  return <Housing />;
}
