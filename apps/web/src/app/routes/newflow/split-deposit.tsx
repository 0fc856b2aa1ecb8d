import { SplitDirectDeposit } from '../../../features/newflow/components/split-deposit';

export function Component() {
  return <SplitDirectDeposit />;
}
