import { traceNumber } from './nacha';
import { accountCorrectionOf, CHANGE_CODES, NachaParseError, parseNachaReturnFile } from './nacha-returns';
import type { AchFileFormat, AchReturnFileRead } from './port';

/**
 * The NACHA file format behind the ACH port (`AchFileFormat`): our entries' trace numbers (the ODFI
 * routing's first eight digits + a seven-digit sequence, `nacha.ts`) and the bank's return files read
 * whole into servicing's records (`nacha-returns.ts`: control totals checked, a notification of change's
 * corrected data read by its code's layout). Use cases get it as `ctx.providers.achFiles`.
 */
export function nachaFileFormat(odfiRouting: string): AchFileFormat {
  return {
    name: 'nacha',
    traceNumber: (sequence) => traceNumber(odfiRouting, sequence),
    readReturnFile: (text): AchReturnFileRead => {
      try {
        const file = parseNachaReturnFile(text);
        return {
          ok: true,
          createdOn: file.createdOn,
          returns: file.returns,
          corrections: file.corrections.map((c) => {
            const changeReason = CHANGE_CODES[c.changeCode] ?? null;
            return { ...c, changeReason, accountCorrection: changeReason ? accountCorrectionOf(c.changeCode, c.correctedData) : null };
          }),
        };
      } catch (e) {
        if (e instanceof NachaParseError) return { ok: false, line: e.line, message: e.message };
        throw e;
      }
    },
  };
}
