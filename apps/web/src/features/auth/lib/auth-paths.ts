import { createContext, useContext } from 'react';

/**
 * Where the access screens link and move to. The classic screens live at the root (/signin, /signup,
 * /email_validation, /forgot_password); the new flow has the same screens under /application/newflow
 * (access §2 "New-flow equivalents"), so the same components serve both with these paths.
 */
export interface AuthPaths {
  signin: string;
  signup: string;
  emailValidation: string;
  /** The "ask for the e-mail" view of the password reset. */
  forgotPassword: string;
  /** True for the new flow: its wording ("Invalid code please try again", "Check Your Rate"). */
  newFlow: boolean;
}

export const CLASSIC_AUTH_PATHS: AuthPaths = {
  signin: '/signin',
  signup: '/signup',
  emailValidation: '/email_validation',
  forgotPassword: '/forgot_password',
  newFlow: false,
};

export const NEWFLOW_AUTH_PATHS: AuthPaths = {
  signin: '/application/newflow/signin',
  signup: '/application/newflow/signup',
  emailValidation: '/application/newflow/verify_email',
  forgotPassword: '/application/newflow/reset_password',
  newFlow: true,
};

export const AuthPathsContext = createContext<AuthPaths>(CLASSIC_AUTH_PATHS);

export function useAuthPaths(): AuthPaths {
  return useContext(AuthPathsContext);
}
