import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAchReturnsResponse,
  ZAdvanceResponse,
  ZCancelUndeliveredResponse,
  ZRedisburseResponse,
  ZBusinessDateResponse,
  ZLoanServicingResponse,
  ZRemittanceImportResponse,
  ZRemittanceLine,
  ZReversalResponse,
  ZSuspenseResponse,
} from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';

/** Every call of the servicing pages, in one place (paths under /api/backoffice). */
export const SERVICING_PATHS = {
  loan: (loanId: number) => `/loans/${loanId}/servicing`,
  reversals: (loanId: number) => `/loans/${loanId}/reversals`,
  redisburse: (loanId: number) => `/loans/${loanId}/redisburse`,
  cancelUndelivered: (loanId: number) => `/loans/${loanId}/cancel_undelivered`,
  remittances: '/remittances',
  suspense: '/remittances/suspense',
  resolve: (lineId: number) => `/remittances/lines/${lineId}/resolve`,
  businessDate: '/servicing/business_date',
  run: '/servicing/run',
  achReturns: '/ach/returns',
  payoffLetter: (loanId: number, date: string) => `/loans/${loanId}/payoff_letter/${date}/pdf`,
} as const;

const KEY = ['backoffice', 'servicing'] as const;

/**
 * After a servicing action every servicing list is read again, without holding up the action's own answer:
 * the desk shows what the server said at once, and the lists follow when their reads come back.
 */
function refresh(client: ReturnType<typeof useQueryClient>): void {
  void client.invalidateQueries({ queryKey: KEY });
}

/** POST /remittances/lines/:id/resolve answers the line as resolved. */
const ZResolveAnswer = z.object({ line: ZRemittanceLine });
export const loanServicingKey = (loanId: number) => [...KEY, 'loan', loanId] as const;
/** The loan page's details (features/loans: status and disbursements), read again after a disbursement action. */
const loanDetailKey = (loanId: number) => ['backoffice', 'loan', loanId] as const;

export function useLoanServicing(loanId: number) {
  return useQuery({ queryKey: loanServicingKey(loanId), queryFn: () => backofficeApi.get(SERVICING_PATHS.loan(loanId), { schema: ZLoanServicingResponse }) });
}

export function useReversePayment(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { entry_id: number; reason: string }) => backofficeApi.post(SERVICING_PATHS.reversals(loanId), body, { schema: ZReversalResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
  });
}

/**
 * A returned disbursement sent again to the borrower's corrected account. The caller keeps one
 * Idempotency-Key per attempt until the server answers, so a retry after a lost answer sends one credit.
 */
export function useRedisburse(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      backofficeApi.post(SERVICING_PATHS.redisburse(loanId), undefined, { headers: { 'Idempotency-Key': idempotencyKey }, schema: ZRedisburseResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
    onSettled: () => client.invalidateQueries({ queryKey: loanDetailKey(loanId) }),
  });
}

/** A loan whose money never arrived canceled (closed, nothing owed), with the reason the audit log keeps. */
export function useCancelUndelivered(loanId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string }) => backofficeApi.post(SERVICING_PATHS.cancelUndelivered(loanId), body, { schema: ZCancelUndeliveredResponse }),
    onSuccess: (answer) => client.setQueryData(loanServicingKey(loanId), answer.servicing),
    onSettled: () => client.invalidateQueries({ queryKey: loanDetailKey(loanId) }),
  });
}

export function useImportRemittance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; file_name: string }) => backofficeApi.post(SERVICING_PATHS.remittances, body, { schema: ZRemittanceImportResponse }),
    onSettled: () => refresh(client),
  });
}

/** Upload the bank's NACHA return file (the text, as JSON); the loans it touched are refetched. */
export function useApplyAchReturns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { file: string; file_name: string }) => backofficeApi.post(SERVICING_PATHS.achReturns, body, { schema: ZAchReturnsResponse }),
    onSettled: () => refresh(client),
  });
}

export function useSuspense() {
  return useQuery({ queryKey: [...KEY, 'suspense'], queryFn: () => backofficeApi.get(SERVICING_PATHS.suspense, { schema: ZSuspenseResponse }) });
}

export type ResolveAction = { action: 'assign'; loan_id: number } | { action: 'reject'; reason: string };

export function useResolveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: ResolveAction }) =>
      backofficeApi.post(SERVICING_PATHS.resolve(lineId), body, { schema: ZResolveAnswer }),
    onSettled: () => refresh(client),
  });
}

/** GET /loans/:loanId/payoff_letter/:date/pdf: the borrower's payoff letter, issued by staff (audited; the borrower is notified). */
export function downloadPayoffLetter(loanId: number, date: string): Promise<Blob> {
  return backofficeApi.get<Blob>(SERVICING_PATHS.payoffLetter(loanId, date), { responseType: 'blob', headers: { Accept: '*/*' } });
}

export function useBusinessDate() {
  return useQuery({ queryKey: [...KEY, 'business-date'], queryFn: () => backofficeApi.get(SERVICING_PATHS.businessDate, { schema: ZBusinessDateResponse }) });
}

export function useAdvanceBusinessDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => backofficeApi.post(SERVICING_PATHS.businessDate, { date }, { schema: ZAdvanceResponse }),
    onSettled: () => refresh(client),
  });
}

export function useRunServicing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.post(SERVICING_PATHS.run, undefined, { schema: ZAdvanceResponse }),
    onSettled: () => refresh(client),
  });
}
