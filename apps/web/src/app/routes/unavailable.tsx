import { UnavailableScreen } from '../../features/system/components/unavailable-screen';

export function Component() {
  return <UnavailableScreen />;
}
