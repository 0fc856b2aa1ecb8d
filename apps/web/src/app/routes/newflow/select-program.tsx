import { SelectProgram } from '../../../features/newflow/components/select-program';

export function Component() {
  return <SelectProgram />;
}
