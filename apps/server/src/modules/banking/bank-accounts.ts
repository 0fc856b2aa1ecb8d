import { BANK_MSG, type TBankInformation } from '@payrail/contract/banking';
import { validateRoutingNumber } from '@payrail/domain/validation/routing-number';
import { maskAccountNumber } from '@payrail/domain/validation/account-number';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { CryptoBox } from '../../lib/crypto-box';
import type { BankAccountRow, NewBankAccount } from './repository';
import { loadRoutingDirectory } from './routing-directory';

/** Associated data of sealed account numbers and access tokens: a value copied to another column does not open. */
export const ACCOUNT_NUMBER_AAD = 'bank_accounts.account_number';
export const ACCESS_TOKEN_AAD = 'bank_accounts.access_token';

/** The sealed account number and its last four digits, as stored. */
export function sealAccountNumber(box: CryptoBox, digits: string): { accountNumberSealed: string; accountNumberLast4: string } {
  return { accountNumberSealed: box.seal(digits, ACCOUNT_NUMBER_AAD), accountNumberLast4: digits.slice(-4) };
}

/**
 * The row of a hand-typed account the borrower authorises debits from (auto-debit or a payment): the
 * routing number was found in the directory and the digits validated, so it counts as verified now.
 */
export function manualDebitAccount(
  box: CryptoBox,
  p: { userId: number; accountType: 'checking' | 'savings'; bank: { routingNumber: string; bankName: string }; accountNumber: string; at: Date },
): NewBankAccount {
  return {
    userId: p.userId,
    usage: 'auto_debit',
    source: 'manual',
    accountType: p.accountType,
    routingNumber: p.bank.routingNumber,
    bankName: p.bank.bankName,
    ...sealAccountNumber(box, p.accountNumber),
    verifiedAt: p.at,
    createdAt: p.at,
    updatedAt: p.at,
  };
}

export function openAccountNumber(box: CryptoBox, row: Pick<BankAccountRow, 'accountNumberSealed'>): string | null {
  return row.accountNumberSealed ? box.open(row.accountNumberSealed, ACCOUNT_NUMBER_AAD) : null;
}

export const sealAccessToken = (box: CryptoBox, token: string): string => box.seal(token, ACCESS_TOKEN_AAD);

/** The wire shape: the account number masked with asterisks, keeping its length (`*****6789`). */
export function toBankInformation(box: CryptoBox, row: BankAccountRow): TBankInformation {
  const number = openAccountNumber(box, row);
  return {
    id: row.id,
    account_type: row.accountType,
    routing_transfer_number: row.routingNumber,
    bank_account_number: number === null ? null : maskAccountNumber(number),
    bank_name: row.bankName,
    logo: row.institutionLogo,
    source: row.source,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    statement_document_id: row.statementDocumentId,
  };
}

/** The configured routing directory (ROUTING_DIRECTORY_FILE, else the bundled sandbox one). */
export const routingDirectoryOf = (ctx: AppContext) => loadRoutingDirectory(ctx.config.routingDirectoryFile);

/**
 * A routing number's bank: the ABA checks first (nine digits, Federal Reserve prefix, 3-7-1 checksum),
 * then the directory. Answers the digits and the bank's name, or which of the two failed.
 */
export async function findBank(
  ctx: AppContext,
  text: string,
): Promise<{ ok: true; routingNumber: string; bankName: string } | { ok: false; reason: 'invalid' | 'unknown' }> {
  const checked = validateRoutingNumber(text);
  if (!checked.ok) return { ok: false, reason: 'invalid' };
  const entry = (await routingDirectoryOf(ctx)).lookup(checked.value);
  return entry ? { ok: true, routingNumber: checked.value, bankName: entry.name } : { ok: false, reason: 'unknown' };
}

/** `findBank`, refusing with the spec's red line (422 `{ error }`): an invalid number or an unknown bank. */
export async function requireBank(ctx: AppContext, text: string): Promise<{ routingNumber: string; bankName: string }> {
  const bank = await findBank(ctx, text);
  if (!bank.ok) throw new AppError('validation', bank.reason === 'invalid' ? BANK_MSG.routingInvalid : BANK_MSG.bankNotFound);
  return bank;
}
