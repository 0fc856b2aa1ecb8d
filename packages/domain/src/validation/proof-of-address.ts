/**
 * Proof of address (classic §5, new flow §5): a utility bill dated within 45 days of `today`, showing
 * the applicant's address.
 *
 * Date rule: the document date is not after `today` and at most 45 days before it (a bill dated
 * exactly 45 days ago is accepted; 46 days is not).
 * Address rule: street line, unit and 5-digit ZIP agree after USPS-style normalisation (case,
 * punctuation, spacing, common suffix / direction words, unit designators). City and state are implied
 * by the ZIP and often abbreviated on bills, so they are not compared.
 */
import { addDays, diffDays } from '../dates';
import type { IsoDate } from '../dates';
import { invalid, valid } from './result';
import type { Validation } from './result';

/** How old a proof of address may be, in days (classic §9, new flow §9). */
export const PROOF_OF_ADDRESS_MAX_AGE_DAYS = 45;

/** Failure codes of the proof-of-address rules. */
export type ProofOfAddressCode = 'proof_of_address_future_dated' | 'proof_of_address_too_old' | 'proof_of_address_mismatch';

/** The last day a document dated `documentDate` is still accepted. */
export function proofOfAddressValidThrough(documentDate: IsoDate): IsoDate {
  return addDays(documentDate, PROOF_OF_ADDRESS_MAX_AGE_DAYS);
}

/** Checks the document date against `today`: not in the future, at most 45 days old. */
export function checkProofOfAddressDate(
  documentDate: IsoDate,
  today: IsoDate,
): Validation<IsoDate, 'proof_of_address_future_dated' | 'proof_of_address_too_old'> {
  const age = diffDays(documentDate, today);
  if (age < 0) return invalid('proof_of_address_future_dated');
  if (age > PROOF_OF_ADDRESS_MAX_AGE_DAYS) return invalid('proof_of_address_too_old');
  return valid(documentDate);
}

/** The parts of a postal address the match compares. */
export interface AddressForMatch {
  /** Street line, e.g. `"123 North Main Street"`. */
  readonly address: string;
  /** Unit / apartment, e.g. `"Apt 4B"`; empty or absent when none. */
  readonly unitNumber?: string | null;
  /** ZIP code; only its first five digits are compared. */
  readonly zipCode: string;
}

const WORDS: Readonly<Record<string, string>> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  AV: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  TERRACE: 'TER',
  CIRCLE: 'CIR',
  HIGHWAY: 'HWY',
  PARKWAY: 'PKWY',
  SQUARE: 'SQ',
  TRAIL: 'TRL',
  WAY: 'WAY',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  APARTMENT: 'APT',
  SUITE: 'STE',
};

const UNIT_DESIGNATORS = new Set(['APT', 'APARTMENT', 'UNIT', 'STE', 'SUITE', 'NO', 'NUMBER', 'POBOX', 'BOX']);

function words(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[.,#'"]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
}

/** Normalises a street line USPS-style: uppercase, no punctuation, single spaces, standard abbreviations. */
export function normalizeStreetLine(text: string): string {
  return words(text)
    .map((w) => WORDS[w] ?? w)
    .join(' ');
}

/** Normalises a unit: designators (`Apt`, `Unit`, `Suite`, `#`, `No.`, `P.O. Box`) dropped, uppercase. */
export function normalizeUnit(text: string | null | undefined): string {
  return words((text ?? '').toUpperCase().replace(/\bP\.?\s*O\.?\s*BOX\b/g, ' POBOX '))
    .filter((w) => !UNIT_DESIGNATORS.has(w))
    .join(' ');
}

/** True when two addresses name the same place (street line, unit and 5-digit ZIP). */
export function addressesMatch(a: AddressForMatch, b: AddressForMatch): boolean {
  const zip = (z: string): string => z.replace(/\D/g, '').slice(0, 5);
  return (
    normalizeStreetLine(a.address) === normalizeStreetLine(b.address) &&
    normalizeUnit(a.unitNumber) === normalizeUnit(b.unitNumber) &&
    zip(a.zipCode) === zip(b.zipCode) &&
    zip(a.zipCode).length === 5
  );
}

/** Checks a proof of address: its date against `today`, then the address on it against the application's. */
export function checkProofOfAddress(
  documentDate: IsoDate,
  onDocument: AddressForMatch,
  onApplication: AddressForMatch,
  today: IsoDate,
): Validation<IsoDate, ProofOfAddressCode> {
  const dated = checkProofOfAddressDate(documentDate, today);
  if (!dated.ok) return dated;
  return addressesMatch(onDocument, onApplication) ? valid(documentDate) : invalid('proof_of_address_mismatch');
}
