import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAddDebitCardResponse, ZDebitCardsResponse } from '@payrail/contract/banking';
import {
  PAYMENT_IDEMPOTENCY_HEADER,
  PAYMENT_MSG,
  ZBorrowerBusinessDateResponse,
  ZCancelTransactionResponse,
  ZDebitTransactionsResponse,
  ZLoanDocumentsResponse,
  ZLoanHistoryResponse,
  ZNextTermDateResponse,
  ZOngoingLoansResponse,
  ZPaymentHistoryResponse,
  ZPaymentResponse,
  ZPayoffResponse,
  ZPullTransactionResponse,
  ZScheduledPaymentsResponse,
} from '@payrail/contract/servicing';
import type { PaymentRequestBody, TLoanDocument, TOngoingLoansResponse, TPaymentRow, TScheduledPayment, TServicingLoan } from '@payrail/contract/servicing';
import { apiClient } from '../../../lib/api-client';
import { bankInformationQueryPrefix } from '../../../api/get-bank-information';
import { isApiError } from '@payrail/client/http-client';

/** Every servicing query key starts here, so a payment refreshes them all at once. */
export const SERVICING_KEY = ['servicing'] as const;

/** GET /loans/ongoing_loans: the opened loan and the loan being applied for (either may be absent). */
export function getOngoingLoans(): Promise<TOngoingLoansResponse> {
  return apiClient.get('/loans/ongoing_loans', { base: 'dashboard', schema: ZOngoingLoansResponse });
}

export const ongoingLoansQuery = () => queryOptions({ queryKey: [...SERVICING_KEY, 'ongoing'], queryFn: getOngoingLoans, retry: false });

export function useOngoingLoans() {
  return useQuery(ongoingLoansQuery());
}

/** GET /loans/history: every loan of the borrower, newest first. Failures are silent (spec §8): empty. */
export async function getLoanHistory(): Promise<TServicingLoan[]> {
  try {
    return (await apiClient.get('/loans/history', { base: 'dashboard', schema: ZLoanHistoryResponse })).loans;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function useLoanHistory() {
  return useQuery({ queryKey: [...SERVICING_KEY, 'history'], queryFn: getLoanHistory, retry: false });
}

/** GET /loans/history/payments?loan_id=: posted payments of one loan. Silent on failure (empty). */
export async function getPaymentHistory(loanId: number): Promise<TPaymentRow[]> {
  try {
    return (await apiClient.get('/loans/history/payments', { base: 'dashboard', query: { loan_id: loanId }, schema: ZPaymentHistoryResponse })).payments;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function usePaymentHistory(loanId: number | null) {
  return useQuery({
    queryKey: [...SERVICING_KEY, 'payments', loanId],
    queryFn: () => getPaymentHistory(loanId ?? 0),
    enabled: loanId !== null,
    retry: false,
  });
}

/** GET /loans/{id}/documents. Silent on failure (empty). */
export async function getLoanDocuments(loanId: number): Promise<TLoanDocument[]> {
  try {
    return (await apiClient.get(`/loans/${loanId}/documents`, { base: 'dashboard', schema: ZLoanDocumentsResponse })).documents;
  } catch (error) {
    if (isApiError(error) && error.status !== 401 && error.status !== 503) return [];
    throw error;
  }
}

export function useLoanDocuments(loanId: number | null) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'documents', loanId], queryFn: () => getLoanDocuments(loanId ?? 0), enabled: loanId !== null, retry: false });
}

/** GET /loans/documents/download/{id} → the file. */
export function downloadDocument(id: number): Promise<Blob> {
  return apiClient.get<Blob>(`/loans/documents/download/${id}`, { base: 'dashboard', responseType: 'blob' });
}

/** A document served at its own address (a statement, `/api/loans/statements/{id}/pdf`) → the file. */
export function downloadDocumentAt(fileUrl: string): Promise<Blob> {
  return apiClient.get<Blob>(fileUrl.replace(/^\/api(?=\/)/, ''), { base: 'dashboard', responseType: 'blob' });
}

/** A signed loan document (note, agreement): downloaded by id and zipped; other listed documents (statements) carry their own address. */
export const isSignedLoanDocument = (document: TLoanDocument): boolean => document.file_url.startsWith('/api/loans/documents/download/');

/** POST /loans/documents/download/zip → one zip of the chosen documents. */
export function downloadDocumentsZip(ids: readonly number[]): Promise<Blob> {
  return apiClient.post<Blob>('/loans/documents/download/zip', { documents: ids }, { base: 'dashboard', responseType: 'blob' });
}

/** GET /transactions/loan/{loanId}: the loan's payments (transactions); the table shows the scheduled ones. */
export function getTransactions(loanId: number): Promise<TScheduledPayment[]> {
  return apiClient.get(`/transactions/loan/${loanId}`, { base: 'dashboard', schema: ZScheduledPaymentsResponse }).then((answer) => answer.transactions);
}

export function useTransactions(loanId: number | null) {
  return useQuery({
    queryKey: [...SERVICING_KEY, 'transactions', loanId],
    queryFn: () => getTransactions(loanId ?? 0),
    enabled: loanId !== null,
    retry: false,
  });
}

/** PATCH /transactions/cancel/{id}. */
export function cancelTransaction(id: number) {
  return apiClient.patch(`/transactions/cancel/${id}`, undefined, { base: 'dashboard', schema: ZCancelTransactionResponse });
}

export function useCancelTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTransaction, onSettled: () => client.invalidateQueries({ queryKey: SERVICING_KEY }) });
}

/** GET /{loanId}/payoff/{date}. */
export function getPayoff(loanId: number, date: string) {
  return apiClient.get(`/${loanId}/payoff/${date}`, { base: 'dashboard', schema: ZPayoffResponse });
}

export function usePayoff(loanId: number, date: string, enabled: boolean) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'payoff', loanId, date], queryFn: () => getPayoff(loanId, date), enabled, retry: false });
}

/** GET /business_date: servicing's "today" (the server's business clock, not the browser's date). */
export async function getBusinessDate(): Promise<string> {
  return (await apiClient.get('/business_date', { base: 'dashboard', schema: ZBorrowerBusinessDateResponse })).business_date;
}

/** Never stale: each form that opens asks again (staff may move the clock outside production). */
export function useBusinessDate(enabled = true) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'business-date'], queryFn: getBusinessDate, enabled, retry: false, staleTime: 0 });
}

/** GET /transactions/loan/next_term_date/{loanId}. */
export function getNextTermDate(loanId: number) {
  return apiClient.get(`/transactions/loan/next_term_date/${loanId}`, { base: 'dashboard', schema: ZNextTermDateResponse });
}

export function useNextTermDate(loanId: number, enabled: boolean) {
  return useQuery({ queryKey: [...SERVICING_KEY, 'next-term', loanId], queryFn: () => getNextTermDate(loanId), enabled, retry: false });
}

/** POST /request_payment with the submission's Idempotency-Key (a retry of the same submission reuses it). */
export function requestPayment(body: PaymentRequestBody, idempotencyKey: string) {
  return apiClient.post('/request_payment', body, { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: idempotencyKey }, schema: ZPaymentResponse });
}

export function useRequestPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentRequestBody; key: string }) => requestPayment(body, key),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: SERVICING_KEY }), client.invalidateQueries({ queryKey: bankInformationQueryPrefix })]),
  });
}

const ZErrorMessages = z.object({ error_messages: z.array(z.string()).min(1) });

/**
 * The messages to show for a failed payment or cancel call (spec §8): the server's `error_messages`
 * one by one; 409 on cancel is "Payment in progress or already done."; otherwise the default text.
 */
export function paymentErrorMessages(error: unknown, fallback: string = PAYMENT_MSG.unknown): string[] {
  if (!isApiError(error)) return [fallback];
  const parsed = ZErrorMessages.safeParse(error.data);
  if (parsed.success && error.status < 500) return parsed.data.error_messages;
  return [fallback];
}

/** Payoff and next-payment-date failures (spec §8): the server's message below 500, else the generic one. */
export function quoteErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) {
    const parsed = ZErrorMessages.safeParse(error.data);
    if (parsed.success) return parsed.data.error_messages[0] ?? PAYMENT_MSG.payoffUnknown;
    if (error.serverMessage) return error.serverMessage;
  }
  return PAYMENT_MSG.payoffUnknown;
}

/** A fresh Idempotency-Key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

// ── Debit-card payments (spec §7: get_debit_cards, add_debit_card, create_pull_transaction, get_debit_transactions) ──

/** GET /get_debit_cards: the borrower's saved debit cards. */
export function getDebitCards() {
  return apiClient.get('/get_debit_cards', { base: 'dashboard', schema: ZDebitCardsResponse });
}

export function useDebitCards() {
  return useQuery({ queryKey: [...SERVICING_KEY, 'debit-cards'], queryFn: async () => (await getDebitCards()).cards, retry: false });
}

/** POST /add_debit_card with the tokenizer's token and the masked number (last four digits only). */
export function useAddDebitCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: { token: string; card_number: string }) =>
      apiClient.post('/add_debit_card', { card }, { base: 'dashboard', schema: ZAddDebitCardResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...SERVICING_KEY, 'debit-cards'] }),
  });
}

/** GET /get_debit_transactions: the borrower's card payments, newest first. */
export function useDebitTransactions() {
  return useQuery({
    queryKey: [...SERVICING_KEY, 'debit-transactions'],
    queryFn: async () => (await apiClient.get('/get_debit_transactions', { base: 'dashboard', schema: ZDebitTransactionsResponse })).transactions,
    retry: false,
  });
}

/** POST /create_pull_transaction: a one-time payment charged to a saved card, one Idempotency-Key per submission. */
export function usePullCardPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, key }: { card: { account: number; amount: number; loan_id: number }; key: string }) =>
      apiClient.post(
        '/create_pull_transaction',
        { card },
        { base: 'dashboard', headers: { [PAYMENT_IDEMPOTENCY_HEADER]: key }, schema: ZPullTransactionResponse },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: SERVICING_KEY }),
  });
}
