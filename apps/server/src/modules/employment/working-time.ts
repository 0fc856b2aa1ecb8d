import { fieldMessage } from '@payrail/contract/application';
import { FIELD_MSG } from '@payrail/contract/messages';
import { type WorkingTimeRange, parseWorkingTimeRange } from '@payrail/domain/validation/working-time';
import { AppError } from '../../errors';

/** The working-time range of an employer-step call (a classic label or a key), or a 422 on the field. */
export function workingTimeOf(text: string): WorkingTimeRange {
  const range = parseWorkingTimeRange(text);
  if (range === null) throw AppError.fields({ working_time_range: [text.trim() === '' ? FIELD_MSG.blank : fieldMessage('not_included')] });
  return range;
}
