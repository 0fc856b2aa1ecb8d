/**
 * Where a borrower may be, for Regulation F's convenient hours (12 CFR 1006.6(b)(1)(i)): the IANA time zones
 * of the borrower's address state. A state that spans several zones lists them all, and a contact is
 * convenient only when it is convenient in EVERY one (the rule's safe harbour when the collector cannot
 * tell which applies). An unknown state gives every US zone.
 */
const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const AZ = 'America/Phoenix';
const PT = 'America/Los_Angeles';
const AK = 'America/Anchorage';
const HI = 'Pacific/Honolulu';

export const STATE_TIME_ZONES: Readonly<Record<string, readonly string[]>> = {
  AL: [CT],
  AK: [AK, 'America/Adak'],
  AZ: [AZ],
  AR: [CT],
  CA: [PT],
  CO: [MT],
  CT: [ET],
  DE: [ET],
  DC: [ET],
  FL: [ET, CT],
  GA: [ET],
  HI: [HI],
  ID: ['America/Boise', PT],
  IL: [CT],
  IN: ['America/Indiana/Indianapolis', CT],
  IA: [CT],
  KS: [CT, MT],
  KY: [ET, CT],
  LA: [CT],
  ME: [ET],
  MD: [ET],
  MA: [ET],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: [CT],
  MS: [CT],
  MO: [CT],
  MT: [MT],
  NE: [CT, MT],
  NV: [PT, MT],
  NH: [ET],
  NJ: [ET],
  NM: [MT],
  NY: [ET],
  NC: [ET],
  ND: [CT, MT],
  OH: [ET],
  OK: [CT],
  OR: [PT, 'America/Boise'],
  PA: [ET],
  RI: [ET],
  SC: [ET],
  SD: [CT, MT],
  TN: [CT, ET],
  TX: [CT, MT],
  UT: [MT],
  VT: [ET],
  VA: [ET],
  WA: [PT],
  WV: [ET],
  WI: [CT],
  WY: [MT],
  PR: ['America/Puerto_Rico'],
  VI: ['America/St_Thomas'],
  GU: ['Pacific/Guam'],
  AS: ['Pacific/Pago_Pago'],
  MP: ['Pacific/Saipan'],
};

/** Every zone of the 50 states and DC (an unknown address). */
export const ALL_US_TIME_ZONES: readonly string[] = [
  ...new Set(
    Object.entries(STATE_TIME_ZONES)
      .filter(([s]) => !['PR', 'VI', 'GU', 'AS', 'MP'].includes(s))
      .flatMap(([, z]) => z),
  ),
];

/** The zones a borrower with an address in `state` (two-letter code, any case) may be in. */
export function timeZonesOfState(state: string | null | undefined): readonly string[] {
  return (state && STATE_TIME_ZONES[state.trim().toUpperCase()]) || ALL_US_TIME_ZONES;
}

/** The local wall-clock time of `at` in `zone`: hours and minutes (0–23, 0–59). */
export function localTime(at: Date, zone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const num = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return { hour: num('hour') % 24, minute: num('minute') };
}
