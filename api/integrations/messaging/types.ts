/**
 * What the outbox asks of the outside world to tell a shopper (decision 044): an email through a
 * mail server, an SMS through an SMS provider. Each message carries our idempotency key; the
 * sandboxes keep each message once per key.
 */
interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Ours, one per message: the Message-ID, so a resend is recognisably the same message. */
  idempotencyKey: string;
}

export interface OutgoingSms {
  to: string;
  body: string;
  idempotencyKey: string;
}

export interface Messengers {
  email: { send(message: OutgoingEmail): Promise<void> };
  sms: { send(message: OutgoingSms): Promise<void> };
  /** Whether both are the in-process sandboxes (their page is then mounted). */
  sandbox: boolean;
}
