import { http, HttpResponse } from 'msw';
import type { TDeductionEmployees, TDeductionFile } from '@payrail/contract/employer-deductions';
import type { TEmployerUser } from '@payrail/contract/employer-portal';
import { employerSession } from '../src/lib/employer-session';
import { ep, server } from './msw-server';

export const HR_ADMIN: TEmployerUser = { id: 5, employer_id: 12, employer_name: 'Acme Logistics', email: 'hr@acme.test', name: 'Harriet Ross' };

/** A stored session, with GET /me answering that user. */
export function signIn(user: TEmployerUser = HR_ADMIN): TEmployerUser {
  employerSession.setToken('Bearer employer-token');
  employerSession.setUser(user);
  server.use(http.get(ep('/me'), () => HttpResponse.json(user)));
  return user;
}

export const DEDUCTIONS: TDeductionEmployees = {
  as_of: '2031-03-10',
  pay_frequency: 'biweekly',
  employees: [
    {
      employee_id: 'A-1001',
      employee_name: 'Devon Okafor',
      deduction: 12540,
      first_pay_date: '2031-01-03',
      last_pay_date: '2031-12-19',
      next_pay_date: '2031-03-14',
      paused_from: null,
      paused_to: null,
    },
    {
      employee_id: 'A-1002',
      employee_name: 'Maria Lopez',
      deduction: 9800,
      first_pay_date: '2031-02-14',
      last_pay_date: '2032-01-30',
      next_pay_date: null,
      paused_from: '2031-03-01',
      paused_to: '2031-04-30',
    },
  ],
};

export const DEDUCTION_FILE: TDeductionFile = {
  as_of: '2031-03-10',
  pay_date: '2031-03-14',
  previous_pay_date: '2031-02-28',
  lines: [
    { employee_id: 'A-1001', employee_name: 'Devon Okafor', deduction: 12540, previous_deduction: 12540, change: 'unchanged' },
    { employee_id: 'A-1003', employee_name: 'Sam Reyes', deduction: 7000, previous_deduction: 0, change: 'new' },
    { employee_id: 'A-1002', employee_name: 'Maria Lopez', deduction: 0, previous_deduction: 9800, change: 'ended' },
  ],
  changes: { new: 1, changed: 0, ended: 1, unchanged: 1 },
  total: 19540,
  file_name: 'deductions-2031-03-14.csv',
};

/** The signed-in pages' reads, answering the fixtures above (tests override what they check). */
export const portalHandlers = [
  http.get(ep('/deductions'), () => HttpResponse.json(DEDUCTIONS)),
  http.get(ep('/deduction_file'), () => HttpResponse.json(DEDUCTION_FILE)),
  http.get(ep('/remittances'), () => HttpResponse.json({ remittances: [] })),
  http.get(ep('/verifications'), () => HttpResponse.json({ verifications: [] })),
  http.get(ep('/changes'), () => HttpResponse.json({ changes: [] })),
];
