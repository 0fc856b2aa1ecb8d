/**
 * The Metro 2® record layouts Payrail furnishes (docs/credit-reporting.md), as data: every field's key, its
 * name in the CDIA Credit Reporting Resource Guide, its 1-based start position, its length and its type.
 * The writer and the parser/validator both read these tables, so a field cannot be written at one place
 * and read at another.
 *
 * Format: the 426-character **fixed-length** character format. Every record (header, base, trailer) is
 * exactly 426 characters, its Record Descriptor Word (positions 1–4) is `0426`, there is no Block
 * Descriptor Word, and records are separated by a line feed. Payrail appends no J1/J2/K/L/N segments
 * (single-borrower loans it originated and still holds: see the doc), so a data record is the base
 * segment alone and the trailer's segment totals are zero.
 *
 * Types:
 * - `N` numeric: digits only, right-justified, zero-filled (money is whole dollars, cents truncated).
 * - `A` alphanumeric: upper case, left-justified, blank-filled.
 * - `D` date `MMDDYYYY`, or eight zeros when there is none.
 * - `T` timestamp `MMDDYYYYHHMMSS`.
 */

export type FieldType = 'N' | 'A' | 'D' | 'T';

export interface FieldSpec<K extends string = string> {
  readonly key: K;
  /** The field's name in the Resource Guide. */
  readonly name: string;
  /** 1-based start position within the record. */
  readonly position: number;
  readonly length: number;
  readonly type: FieldType;
  /** Free text the writer may shorten to fit (names, addresses); any other value too long is an error. */
  readonly truncate?: boolean;
  /** N fields read back as text (leading zeros matter: SSN, telephone). */
  readonly digits?: boolean;
  /** The only values allowed (blank always allowed unless `required`). */
  readonly codes?: readonly string[];
  /** Must not be blank / zero. */
  readonly required?: boolean;
  /** The value every record carries (record identifiers, the RDW, reserved fields). */
  readonly constant?: string;
}

export const RECORD_LENGTH = 426;
export const RDW = '0426';

/** Account Status codes (Resource Guide, "Account Status Codes"), the ones a furnisher may report. */
export const ACCOUNT_STATUS_CODES = [
  'DA',
  'DF',
  '05',
  '11',
  '13',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '78',
  '80',
  '82',
  '83',
  '84',
  '88',
  '89',
  '93',
  '94',
  '95',
  '96',
  '97',
] as const;
export type AccountStatusCode = (typeof ACCOUNT_STATUS_CODES)[number];

/** Statuses whose Payment Rating is required (the account is closed or paid: the rating says how it stood). */
export const STATUSES_REQUIRING_RATING: readonly AccountStatusCode[] = ['05', '13', '65', '88', '89', '94', '95'];

/** Payment Rating: 0 current (0–29 days), 1 30–59 … 6 180+, G collection, L charge-off. */
export const PAYMENT_RATINGS = ['0', '1', '2', '3', '4', '5', '6', 'G', 'L'] as const;

/**
 * Payment History Profile characters: 0 current (0–29), 1 30–59, 2 60–89, 3 90–119, 4 120–149,
 * 5 150–179, 6 180+, B no history before this month (not open yet), D no history reported that month,
 * E zero balance and current, G collection, H foreclosure, J voluntary surrender, K repossession, L charge-off.
 */
export const HISTORY_CODES = ['0', '1', '2', '3', '4', '5', '6', 'B', 'D', 'E', 'G', 'H', 'J', 'K', 'L'] as const;

/**
 * Compliance Condition Codes (FCRA/FCBA). XA closed at consumer's request; XB disputed by the consumer
 * (FCRA), investigation pending; XC FCRA dispute investigated, consumer disagrees; XD closed at consumer's
 * request, consumer disagrees; XE closed at consumer's request; XF disputed under FCBA; XG FCBA dispute
 * resolved, consumer disagrees; XH previously in dispute, investigation completed (by the furnisher);
 * XJ closed at consumer's request and disputed; XR removes the last code reported.
 */
export const COMPLIANCE_CONDITION_CODES = ['XA', 'XB', 'XC', 'XD', 'XE', 'XF', 'XG', 'XH', 'XJ', 'XR'] as const;
export type ComplianceConditionCode = (typeof COMPLIANCE_CONDITION_CODES)[number];

/**
 * Special Comment codes Payrail may report (a subset of the Guide's list): AC paying under a partial
 * payment agreement, AS closed due to refinance, AT closed due to transfer, AU paid in full for less than
 * the full balance, AV first payment never received, AW affected by natural or declared disaster, B
 * payments managed by a financial counseling program, M closed at the credit grantor's request.
 */
export const SPECIAL_COMMENT_CODES = ['AC', 'AS', 'AT', 'AU', 'AV', 'AW', 'B', 'M'] as const;

export const PORTFOLIO_TYPES = ['C', 'I', 'M', 'O', 'R'] as const;
/** Terms Frequency: D deferred, P single payment, W weekly, B bi-weekly, E semi-monthly, M monthly, L bi-monthly, Q quarterly, T tri-annually, S semi-annually, Y annually. */
export const TERMS_FREQUENCIES = ['D', 'P', 'W', 'B', 'E', 'M', 'L', 'Q', 'T', 'S', 'Y'] as const;
/** ECOA: 1 individual, 2 joint contractual, 3 authorized user, 5 co-maker, 7 maker, T terminated, X deceased, W business, Z delete. */
export const ECOA_CODES = ['1', '2', '3', '5', '7', 'T', 'W', 'X', 'Z'] as const;
export const INTEREST_TYPES = ['F', 'V'] as const;
export const RESIDENCE_CODES = ['O', 'R'] as const;
export const ADDRESS_INDICATORS = ['B', 'C', 'D', 'E', 'I', 'M', 'N', 'P', 'Q', 'S', 'T', 'U', 'X', 'Y', 'Z'] as const;
export const GENERATION_CODES = ['J', 'S', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const f = <K extends string>(
  key: K,
  name: string,
  position: number,
  length: number,
  type: FieldType,
  more: Omit<FieldSpec, 'key' | 'name' | 'position' | 'length' | 'type'> = {},
): FieldSpec<K> => ({
  key,
  name,
  position,
  length,
  type,
  ...more,
});

/** The Header Record (character format). */
export const HEADER_LAYOUT = [
  f('recordDescriptorWord', 'Record Descriptor Word (RDW)', 1, 4, 'N', { constant: RDW, digits: true }),
  f('recordIdentifier', 'Record Identifier', 5, 6, 'A', { constant: 'HEADER' }),
  f('cycleIdentifier', 'Cycle Identifier', 11, 2, 'A'),
  f('innovisProgramIdentifier', 'Innovis Program Identifier', 13, 10, 'A'),
  f('equifaxProgramIdentifier', 'Equifax Program Identifier', 23, 10, 'A'),
  f('experianProgramIdentifier', 'Experian Program Identifier', 33, 5, 'A'),
  f('transUnionProgramIdentifier', 'TransUnion Program Identifier', 38, 10, 'A'),
  f('activityDate', 'Activity Date', 48, 8, 'D', { required: true }),
  f('dateCreated', 'Date Created', 56, 8, 'D', { required: true }),
  f('programDate', 'Program Date', 64, 8, 'D'),
  f('programRevisionDate', 'Program Revision Date', 72, 8, 'D'),
  f('reporterName', 'Reporter Name', 80, 40, 'A', { truncate: true, required: true }),
  f('reporterAddress', 'Reporter Address', 120, 96, 'A', { truncate: true, required: true }),
  f('reporterTelephoneNumber', 'Reporter Telephone Number', 216, 10, 'N', { digits: true }),
  f('softwareVendorName', 'Software Vendor Name', 226, 40, 'A', { truncate: true }),
  f('softwareVersionNumber', 'Software Version Number', 266, 5, 'A'),
  f('prbcProgramIdentifier', 'PRBC Program Identifier', 271, 10, 'A'),
  f('reserved', 'Reserved', 281, 146, 'A', { constant: '' }),
] as const;

/** The Base Segment (character format): the account and its primary consumer. */
export const BASE_LAYOUT = [
  f('recordDescriptorWord', 'Record Descriptor Word (RDW)', 1, 4, 'N', { constant: RDW, digits: true }),
  f('processingIndicator', 'Processing Indicator', 5, 1, 'N', { constant: '1', digits: true }),
  f('timeStamp', 'Time Stamp', 6, 14, 'T', { required: true }),
  f('reserved1', 'Reserved', 20, 1, 'N', { constant: '0', digits: true }),
  f('identificationNumber', 'Identification Number', 21, 20, 'A', { required: true }),
  f('cycleIdentifier', 'Cycle Identifier', 41, 2, 'A'),
  f('consumerAccountNumber', 'Consumer Account Number', 43, 30, 'A', { required: true }),
  f('portfolioType', 'Portfolio Type', 73, 1, 'A', { codes: PORTFOLIO_TYPES, required: true }),
  f('accountType', 'Account Type', 74, 2, 'A', { required: true }),
  f('dateOpened', 'Date Opened', 76, 8, 'D', { required: true }),
  f('creditLimit', 'Credit Limit', 84, 9, 'N'),
  f('highestCredit', 'Highest Credit or Original Loan Amount', 93, 9, 'N'),
  f('termsDuration', 'Terms Duration', 102, 3, 'A', { required: true }),
  f('termsFrequency', 'Terms Frequency', 105, 1, 'A', { codes: TERMS_FREQUENCIES }),
  f('scheduledMonthlyPayment', 'Scheduled Monthly Payment Amount', 106, 9, 'N'),
  f('actualPayment', 'Actual Payment Amount', 115, 9, 'N'),
  f('accountStatus', 'Account Status', 124, 2, 'A', { codes: ACCOUNT_STATUS_CODES, required: true }),
  f('paymentRating', 'Payment Rating', 126, 1, 'A', { codes: PAYMENT_RATINGS }),
  f('paymentHistoryProfile', 'Payment History Profile', 127, 24, 'A', { required: true }),
  f('specialComment', 'Special Comment', 151, 2, 'A', { codes: SPECIAL_COMMENT_CODES }),
  f('complianceConditionCode', 'Compliance Condition Code', 153, 2, 'A', { codes: COMPLIANCE_CONDITION_CODES }),
  f('currentBalance', 'Current Balance', 155, 9, 'N'),
  f('amountPastDue', 'Amount Past Due', 164, 9, 'N'),
  f('originalChargeOffAmount', 'Original Charge-off Amount', 173, 9, 'N'),
  f('dateOfAccountInformation', 'Date of Account Information', 182, 8, 'D', { required: true }),
  f('dateOfFirstDelinquency', 'FCRA Compliance/Date of First Delinquency', 190, 8, 'D'),
  f('dateClosed', 'Date Closed', 198, 8, 'D'),
  f('dateOfLastPayment', 'Date of Last Payment', 206, 8, 'D'),
  f('interestTypeIndicator', 'Interest Type Indicator', 214, 1, 'A', { codes: INTEREST_TYPES }),
  f('reserved2', 'Reserved', 215, 17, 'A', { constant: '' }),
  f('surname', 'Surname', 232, 25, 'A', { truncate: true, required: true }),
  f('firstName', 'First Name', 257, 20, 'A', { truncate: true, required: true }),
  f('middleName', 'Middle Name', 277, 20, 'A', { truncate: true }),
  f('generationCode', 'Generation Code', 297, 1, 'A', { codes: GENERATION_CODES }),
  f('socialSecurityNumber', 'Social Security Number', 298, 9, 'N', { digits: true }),
  f('dateOfBirth', 'Date of Birth', 307, 8, 'D'),
  f('telephoneNumber', 'Telephone Number', 315, 10, 'N', { digits: true }),
  f('ecoaCode', 'ECOA Code', 325, 1, 'A', { codes: ECOA_CODES, required: true }),
  f('consumerInformationIndicator', 'Consumer Information Indicator', 326, 2, 'A'),
  f('countryCode', 'Country Code', 328, 2, 'A'),
  f('firstLineOfAddress', 'First Line of Address', 330, 32, 'A', { truncate: true, required: true }),
  f('secondLineOfAddress', 'Second Line of Address', 362, 32, 'A', { truncate: true }),
  f('city', 'City', 394, 20, 'A', { truncate: true, required: true }),
  f('state', 'State', 414, 2, 'A', { required: true }),
  f('postalCode', 'Postal/Zip Code', 416, 9, 'A', { required: true }),
  f('addressIndicator', 'Address Indicator', 425, 1, 'A', { codes: ADDRESS_INDICATORS }),
  f('residenceCode', 'Residence Code', 426, 1, 'A', { codes: RESIDENCE_CODES }),
] as const;

/** The status codes the trailer totals in one run, in its order: every Account Status code but DF (its total stands apart, before the others). */
export const TRAILER_STATUS_CODES: readonly Exclude<AccountStatusCode, 'DF'>[] = ACCOUNT_STATUS_CODES.filter(
  (code): code is Exclude<AccountStatusCode, 'DF'> => code !== 'DF',
);

const count = <K extends string>(key: K, name: string, position: number) => f(key, name, position, 9, 'N');

/** The Trailer Record (character format): totals the bureau checks the file against. */
export const TRAILER_LAYOUT = [
  f('recordDescriptorWord', 'Record Descriptor Word (RDW)', 1, 4, 'N', { constant: RDW, digits: true }),
  f('recordIdentifier', 'Record Identifier', 5, 7, 'A', { constant: 'TRAILER' }),
  count('totalBaseRecords', 'Total Base Records', 12),
  f('reserved1', 'Reserved', 21, 9, 'A', { constant: '' }),
  count('totalStatusDF', 'Total of Status Code DF', 30),
  count('totalJ1Segments', 'Total Associated Consumer Segments (J1)', 39),
  count('totalJ2Segments', 'Total Associated Consumer Segments (J2)', 48),
  count('blockCount', 'Block Count', 57),
  count('totalStatusDA', 'Total of Status Code DA', 66),
  count('totalStatus05', 'Total of Status Code 05', 75),
  count('totalStatus11', 'Total of Status Code 11', 84),
  count('totalStatus13', 'Total of Status Code 13', 93),
  count('totalStatus61', 'Total of Status Code 61', 102),
  count('totalStatus62', 'Total of Status Code 62', 111),
  count('totalStatus63', 'Total of Status Code 63', 120),
  count('totalStatus64', 'Total of Status Code 64', 129),
  count('totalStatus65', 'Total of Status Code 65', 138),
  count('totalStatus71', 'Total of Status Code 71', 147),
  count('totalStatus78', 'Total of Status Code 78', 156),
  count('totalStatus80', 'Total of Status Code 80', 165),
  count('totalStatus82', 'Total of Status Code 82', 174),
  count('totalStatus83', 'Total of Status Code 83', 183),
  count('totalStatus84', 'Total of Status Code 84', 192),
  count('totalStatus88', 'Total of Status Code 88', 201),
  count('totalStatus89', 'Total of Status Code 89', 210),
  count('totalStatus93', 'Total of Status Code 93', 219),
  count('totalStatus94', 'Total of Status Code 94', 228),
  count('totalStatus95', 'Total of Status Code 95', 237),
  count('totalStatus96', 'Total of Status Code 96', 246),
  count('totalStatus97', 'Total of Status Code 97', 255),
  count('totalEcoaZ', 'Total of ECOA Code Z (All Segments)', 264),
  count('totalEmploymentSegments', 'Total Employment Segments (N1)', 273),
  count('totalK1Segments', 'Total Original Creditor Segments (K1)', 282),
  count('totalK2Segments', 'Total Purchased From/Sold To Segments (K2)', 291),
  count('totalK3Segments', 'Total Mortgage Information Segments (K3)', 300),
  count('totalK4Segments', 'Total Specialized Payment Information Segments (K4)', 309),
  count('totalL1Segments', 'Total Account Number/Identification Number Change Segments (L1)', 318),
  count('totalSsnAll', 'Total Social Security Numbers (All Segments)', 327),
  count('totalSsnBase', 'Total Social Security Numbers (Base Segments)', 336),
  count('totalSsnJ1', 'Total Social Security Numbers (J1 Segments)', 345),
  count('totalSsnJ2', 'Total Social Security Numbers (J2 Segments)', 354),
  count('totalDobAll', 'Total Dates of Birth (All Segments)', 363),
  count('totalDobBase', 'Total Dates of Birth (Base Segments)', 372),
  count('totalDobJ1', 'Total Dates of Birth (J1 Segments)', 381),
  count('totalDobJ2', 'Total Dates of Birth (J2 Segments)', 390),
  count('totalTelephoneAll', 'Total Telephone Numbers (All Segments)', 399),
  f('reserved2', 'Reserved', 408, 19, 'A', { constant: '' }),
] as const;

export type Layout = readonly FieldSpec[];
export type KeyOf<L extends Layout> = L[number]['key'];
export type HeaderKey = KeyOf<typeof HEADER_LAYOUT>;
export type BaseKey = KeyOf<typeof BASE_LAYOUT>;
export type TrailerKey = KeyOf<typeof TRAILER_LAYOUT>;

/** The trailer key counting a status code. */
export const statusTotalKey = (code: (typeof TRAILER_STATUS_CODES)[number]): TrailerKey => `totalStatus${code}` as TrailerKey;
