import { PasswordCreation } from '../../../features/newflow/components/password-creation';

export function Component() {
  return <PasswordCreation />;
}
