import { describe, expect, it } from 'vitest';
import { STATES } from '../../../../test/fixtures';
import { viaZod } from '../../../../test/via-zod';
import { signinFormSchema } from '../components/signin-form.schema';
import { emailField, signupFormSchema } from '../components/signup-form.schema';
import { stateOfResidenceSchema } from '../components/state-of-residence.schema';
import { emailProblem, signupFormDefaults, stateOfResidenceProblem, validateSignin, validateSignup } from './form-rules';

const EMAILS = ['', '   ', 'ana', 'ana@', 'ana@example', 'ana@example.c', 'ana@example.com', '  ana@example.com  ', 'a b@example.com', 'ana@@example.com'];
const PASSWORDS = ['', 'abc', 'Abcdefg1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abc defg1', 'Ab1'];

describe('the public forms validate as their zod schemas do', () => {
  it('sign-in', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS) {
        const input = { email, password };
        expect(validateSignin(input), JSON.stringify(input)).toEqual(viaZod(signinFormSchema, input));
      }
  });

  it('sign-up', () => {
    let cases = 0;
    for (const email of ['', 'ana', ' ana@example.com '])
      for (const password of PASSWORDS)
        for (const password_confirmation of ['', 'Abcdefg1', 'other'])
          for (const friend_refer_code of ['', '  ', 'AB', ' ABC ', 'ABCD', ' ABCD '])
            for (const terms of [false, true]) {
              const input = { ...signupFormDefaults, email, password, password_confirmation, friend_refer_code, terms };
              expect(validateSignup(input), JSON.stringify(input)).toEqual(viaZod(signupFormSchema, input));
              cases += 1;
            }
    expect(cases).toBeGreaterThan(800);
  });

  it('the e-mail field alone (Check Your Rate): the first message, and the trimmed value it sends', () => {
    for (const email of [...EMAILS, '\tana@example.com\n', 'ana@example.co ', ' a@b.cd']) {
      const zod = emailField.safeParse(email);
      expect(emailProblem(email), JSON.stringify(email)).toBe(zod.success ? null : zod.error.issues[0]?.message);
      if (zod.success) expect(email.trim()).toBe(zod.data);
    }
  });

  it('state of residence', () => {
    const values = ['', ...STATES.map((state) => String(state.id)), '999999'];
    for (const value of values) {
      const zod = stateOfResidenceSchema(STATES).safeParse({ state_id: value });
      expect(stateOfResidenceProblem(STATES, value), value).toBe(zod.success ? null : zod.error.issues[0]?.message);
    }
    expect(STATES.some((state) => !state.is_available)).toBe(true);
  });
});
