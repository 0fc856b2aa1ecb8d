import { describe, expect, it } from 'vitest';
import { blankAndLimitTexts, viaZod } from '../../../../test/via-zod';
import { supportMessageSchema } from '../components/support-message-form.schema';
import { SUPPORT_MESSAGE_MAX, validateSupportMessage } from './support-message-rules';

describe('the chat message validates as its zod schema does', () => {
  it('empty, blank, short, long and padded messages', () => {
    const messages = [
      ...blankAndLimitTexts(SUPPORT_MESSAGE_MAX),
      'Hi',
      '  Hi  ',
      'Where is my loan?\n',
      `${'é'.repeat(SUPPORT_MESSAGE_MAX)}`,
      '😀'.repeat(SUPPORT_MESSAGE_MAX / 2 + 1),
      '😀'.repeat(SUPPORT_MESSAGE_MAX),
      '😀'.repeat(SUPPORT_MESSAGE_MAX + 1),
      `${'\ud83d'.repeat(SUPPORT_MESSAGE_MAX)}`,
      `${'\ud83d'.repeat(SUPPORT_MESSAGE_MAX + 1)}`,
      `${'a'.repeat(SUPPORT_MESSAGE_MAX - 1)}😀`,
      `${'a'.repeat(SUPPORT_MESSAGE_MAX)}😀`,
    ];
    for (const message of messages)
      expect(validateSupportMessage({ message }), JSON.stringify(message.slice(0, 20))).toEqual(viaZod(supportMessageSchema, { message }));
  });
});
