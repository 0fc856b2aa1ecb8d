import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZAutoDebitResponse, ZCardTokenizerConfig, ZRepayMethodOffersResponse, ZSandboxTokenizeResponse, ZWalletResponse } from '@payrail/contract/banking';
import type { TAutoDebitRequest, TRepayMethodOffer } from '@payrail/contract/banking';
import { apiClient } from '../../../lib/api-client';

/** 0 split direct deposit (allotment), 1 auto-debit ACH, 2 pay online (spec §2). */
export type RepayChoice = 0 | 1 | 2;

const ZRepayMethodResponse = z.object({ new_status: z.string() });

/** POST /select_repay_method: answers the status the choice leads to. */
export function selectRepayMethod(repayMethod: RepayChoice): Promise<{ new_status: string }> {
  return apiClient.post('/select_repay_method', { repay_method: repayMethod }, { base: 'flow', schema: ZRepayMethodResponse });
}

/** GET /repay_method_offers: the terms priced for each method (the choice changes the price). */
export function getRepayMethodOffers(): Promise<{ offers: TRepayMethodOffer[] }> {
  return apiClient.get('/repay_method_offers', { base: 'flow', schema: ZRepayMethodOffersResponse });
}

export function useRepayMethodOffers() {
  return useQuery({ queryKey: ['repayment', 'offers'], queryFn: getRepayMethodOffers, retry: false });
}

export function useSelectRepayMethod() {
  return useMutation({ mutationFn: selectRepayMethod });
}

/** POST /auto_debit: the account on file or a new account the server checks. */
export function postAutoDebit(body: TAutoDebitRequest) {
  return apiClient.post('/auto_debit', body, { base: 'flow', schema: ZAutoDebitResponse });
}

export function useAutoDebit() {
  return useMutation({ mutationFn: postAutoDebit });
}

/** GET /card_tokenizer/config (no session): which tokenizer the browser uses. */
export function getCardTokenizerConfig() {
  return apiClient.get('/card_tokenizer/config', { base: 'api', auth: false, schema: ZCardTokenizerConfig });
}

export function useCardTokenizerConfig() {
  return useQuery({ queryKey: ['repayment', 'card-tokenizer-config'], queryFn: getCardTokenizerConfig, staleTime: Infinity, retry: false });
}

export interface CardInput {
  name: string;
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/**
 * POST /card_tokenizer/sandbox/tokenize: the sandbox plays the processor's browser tokenizer. Its 402
 * `{ errors: [{ code, message }] }` reaches the caller as an ApiError (global handling off: a refusal
 * here is the card's, not the session's).
 */
export function sandboxTokenize(card: CardInput) {
  return apiClient.post(
    '/card_tokenizer/sandbox/tokenize',
    { name: card.name, number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    { base: 'api', auth: false, globalErrors: false, schema: ZSandboxTokenizeResponse },
  );
}

/** POST /wallet: the token and the masked number (last four digits only). */
export function postWallet(body: { token: string; card_number: string }) {
  return apiClient.post('/wallet', body, { base: 'flow', schema: ZWalletResponse });
}

/** GET /debit_card_agreement_example: the debit card authorization as a PDF (needs the session, so fetched, not linked). */
export function getDebitCardAgreementExample(): Promise<Blob> {
  return apiClient.get<Blob>('/debit_card_agreement_example', { base: 'flow', responseType: 'blob' });
}
