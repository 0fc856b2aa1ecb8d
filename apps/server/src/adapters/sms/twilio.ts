import { deliveryRecord, type OutboxRecorder } from '../outbox-record';
import type { SmsMessage, SmsTransport } from './port';

/**
 * Real delivery through Twilio's Messages REST API. The outbox records the delivery (recipient,
 * template, time, status, message SID), never the body: it carries the code.
 *
 * Twilio's Messages API takes no idempotency key. The queue makes a resend rare (a message is claimed by
 * one deliverer and marked sent right after Twilio's 201), but a crash between Twilio's acceptance and
 * that mark leaves the message `sending`; after its lease the queue delivers it again and the recipient
 * gets the text twice. That is the one "at least once" edge left (docs/operations.md, "Messages"): a
 * look-up of recent messages by recipient and body was rejected, since two genuine messages can be alike.
 */
export function twilioSmsTransport(record: OutboxRecorder, cfg: { accountSid: string; authToken: string; from: string }): SmsTransport {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64');
  return {
    provider: 'twilio',
    async deliver(m: SmsMessage, idempotencyKey: string) {
      const base = { channel: 'sms' as const, recipient: m.to, subject: null, provider: 'twilio', meta: m.meta };
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: m.to, From: cfg.from, Body: m.body }),
      });
      if (!res.ok) {
        await record(deliveryRecord({ ...base, status: 'failed', error: `HTTP ${res.status}` }));
        throw new Error(`Twilio answered ${res.status}`);
      }
      const sid = ((await res.json()) as { sid?: string }).sid;
      await record(deliveryRecord({ ...base, status: 'sent', providerId: sid, idempotencyKey }));
    },
  };
}
