import { SplitDirectDepositManual } from '../../../features/newflow/components/split-deposit';

export function Component() {
  return <SplitDirectDepositManual />;
}
