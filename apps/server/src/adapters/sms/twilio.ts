import type { PlatformRepository } from '../../modules/platform/repository';
import type { SmsMessage, SmsSender } from './port';

/** Real delivery through Twilio's Messages REST API; the outbox keeps a copy with the message SID. */
export function twilioSmsSender(platform: PlatformRepository, cfg: { accountSid: string; authToken: string; from: string }): SmsSender {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64');
  return {
    provider: 'twilio',
    async send(m: SmsMessage) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: m.to, From: cfg.from, Body: m.body }),
      });
      if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
      const sid = ((await res.json()) as { sid?: string }).sid;
      await platform.recordOutbox({ channel: 'sms', recipient: m.to, subject: null, body: m.body, html: null, provider: 'twilio', meta: { ...m.meta, sid } });
    },
  };
}
