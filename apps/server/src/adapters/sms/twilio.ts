import type { PlatformRepository } from '../../modules/platform/repository';
import { deliveryRecord } from '../outbox-record';
import type { SmsMessage, SmsSender } from './port';

/**
 * Real delivery through Twilio's Messages REST API. The outbox records the delivery (recipient,
 * template, time, status, message SID), never the body: it carries the code.
 */
export function twilioSmsSender(platform: PlatformRepository, cfg: { accountSid: string; authToken: string; from: string }): SmsSender {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64');
  return {
    provider: 'twilio',
    async send(m: SmsMessage) {
      const base = { channel: 'sms' as const, recipient: m.to, subject: null, provider: 'twilio', meta: m.meta };
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: m.to, From: cfg.from, Body: m.body }),
      });
      if (!res.ok) {
        await platform.recordOutbox(deliveryRecord({ ...base, status: 'failed', error: `HTTP ${res.status}` }));
        throw new Error(`Twilio answered ${res.status}`);
      }
      const sid = ((await res.json()) as { sid?: string }).sid;
      await platform.recordOutbox(deliveryRecord({ ...base, status: 'sent', providerId: sid }));
    },
  };
}
