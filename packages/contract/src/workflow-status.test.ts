import { WORKFLOW_STATUSES } from '@payrail/domain/workflow/statuses';
import { describe, expect, it } from 'vitest';
import { sessionAnswerFixture } from './fixtures';
import { ZLoginResponse, ZTokenIsValidResponse } from './identity';

const borrower = { first_name: 'Ada', last_name: 'Lovelace', employer_id: 1, refer_code: 'ADA123', referred_by: null, state_id: 8 };

const login = (workflow_status: string) => ({
  data: {
    id: 7,
    email: 'ada@example.com',
    workflow_status,
    loan_type: 'new',
    feedback_rating: false,
    refinancing: false,
    new_flow: false,
    avatar: null,
    loan_borrower: borrower,
  },
});

const session = (workflow_status: string) =>
  sessionAnswerFixture({ workflow_status: workflow_status as never, loan_borrower: { ...borrower, nelnet_id: null } });

describe('workflow status on the wire', () => {
  it('the login and session answers take every known status', () => {
    for (const status of WORKFLOW_STATUSES) {
      expect(ZLoginResponse.safeParse(login(status)).success, status).toBe(true);
      expect(ZTokenIsValidResponse.safeParse(session(status)).success, status).toBe(true);
    }
  });

  it('the login and session answers refuse an unknown status, on its field', () => {
    const badLogin = ZLoginResponse.safeParse(login('renamed_status'));
    expect(badLogin.success).toBe(false);
    expect(badLogin.error?.issues.map((i) => i.path)).toEqual([['data', 'workflow_status']]);

    const badSession = ZTokenIsValidResponse.safeParse(session('renamed_status'));
    expect(badSession.success).toBe(false);
    expect(badSession.error?.issues.map((i) => i.path)).toEqual([['workflow_status']]);
  });
});
