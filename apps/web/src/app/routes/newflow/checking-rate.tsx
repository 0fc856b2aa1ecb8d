import { CheckingRate } from '../../../features/newflow/components/checking-rate';

export function Component() {
  return <CheckingRate />;
}
