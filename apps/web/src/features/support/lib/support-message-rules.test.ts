import { describe, expect, it } from 'vitest';
import type { Validation } from '@payrail/ui/validated-form';
import { supportMessageSchema } from '../components/support-message-form.schema';
import { SUPPORT_MESSAGE_MAX, validateSupportMessage } from './support-message-rules';
import type { SupportMessageInput } from './support-message-rules';

/** What react-hook-form's zod resolver shows: per field, the first issue's message; or the parsed values. */
function viaZod(input: SupportMessageInput): Validation<SupportMessageInput> {
  const result = supportMessageSchema.safeParse(input);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

describe('the chat message validates as its zod schema does', () => {
  it('empty, blank, short, long and padded messages', () => {
    const long = 'a'.repeat(SUPPORT_MESSAGE_MAX);
    const messages = [
      '',
      ' ',
      '\n\t ',
      'Hi',
      '  Hi  ',
      'Where is my loan?\n',
      long,
      `${long}a`,
      `  ${long}  `,
      ` ${long}a `,
      `${'é'.repeat(SUPPORT_MESSAGE_MAX)}`,
      '😀'.repeat(SUPPORT_MESSAGE_MAX / 2 + 1),
      '😀'.repeat(SUPPORT_MESSAGE_MAX),
      '😀'.repeat(SUPPORT_MESSAGE_MAX + 1),
      `${'\ud83d'.repeat(SUPPORT_MESSAGE_MAX)}`,
      `${'\ud83d'.repeat(SUPPORT_MESSAGE_MAX + 1)}`,
      `${'a'.repeat(SUPPORT_MESSAGE_MAX - 1)}😀`,
      `${'a'.repeat(SUPPORT_MESSAGE_MAX)}😀`,
    ];
    for (const message of messages) expect(validateSupportMessage({ message }), JSON.stringify(message.slice(0, 20))).toEqual(viaZod({ message }));
  });
});
