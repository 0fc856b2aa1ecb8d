import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { Form } from '@payrail/ui/form';
import { TextField } from '@payrail/ui/text-field';
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
    <Form
      schema={ZStaffLoginRequest}
      options={{ defaultValues: { email: '', password: '' } }}
      aria-labelledby="signin-title"
      onSubmit={async (values) => {
        const staff = await loginMutation.mutateAsync(values).catch(() => null);
        if (staff) onSignedIn(staff);
      }}
    >
      {({ register, formState }) => (
        <>
          {loginMutation.isError ? (
            <Alert kind="error" assertive>
              {loginErrorMessage(loginMutation.error)}
            </Alert>
          ) : null}
          <TextField label="E-mail" type="email" autoComplete="username" required error={formState.errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" fullWidth loading={formState.isSubmitting}>
            Sign in
          </Button>
        </>
      )}
    </Form>
  );
}
