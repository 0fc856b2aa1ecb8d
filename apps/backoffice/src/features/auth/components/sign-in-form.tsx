import { StaffSignInForm } from '@payrail/ui/staff-sign-in-form';
import { loginErrorMessage, useLogin } from '../api/login';
import { ZStaffLoginRequest } from '@payrail/contract/staff';
import type { TStaffMember } from '@payrail/contract/staff';

export interface SignInFormProps {
  onSignedIn: (staff: TStaffMember) => void;
}

/** E-mail and password for staff; server errors show above the fields. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const loginMutation = useLogin();
  return (
    <StaffSignInForm
      schema={ZStaffLoginRequest}
      labelledBy="signin-title"
      error={loginMutation.isError ? loginErrorMessage(loginMutation.error) : null}
      submitLabel="Sign in"
      onSubmit={async (values) => {
        const staff = await loginMutation.mutateAsync(values).catch(() => null);
        if (staff) onSignedIn(staff);
      }}
    />
  );
}
