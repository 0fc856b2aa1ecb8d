import { PasswordField } from '@payrail/ui/password-field';
import { PasswordCreation } from '../../../features/newflow/components/password-creation';

export function Component() {
  return <PasswordCreation renderPassword={(slot) => <PasswordField key={slot.name} autoComplete="new-password" {...slot} />} />;
}
