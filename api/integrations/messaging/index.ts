/**
 * The shopper's messengers (decision 044): email through nodemailer, to the SMTP server SMTP_URL
 * names or, without one, to the sandbox mailbox through a nodemailer transport of our own; SMS
 * through the provider SMS_GATEWAY_URL names (a JSON POST with our idempotency key) or the same
 * sandbox mailbox.
 */
import { readVariable } from "@core/config/environment";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../../db/schema";
import { keepSandboxMessage } from "./sandbox/store";
import type { Messengers, OutgoingSms } from "./types";

export type { Messengers } from "./types";

export interface MessagingConfig {
  smtpUrl: string | null;
  mailFrom: string;
  smsGatewayUrl: string | null;
  smsGatewayKey: string | null;
}

/** A nodemailer transport that keeps each message in the sandbox mailbox instead of sending it. */
function sandboxTransport(db: Kysely<Database>) {
  return {
    name: "order-express-sandbox",
    version: "1",
    send(
      mail: { data: { to?: unknown; subject?: unknown; text?: unknown; messageId?: unknown } },
      done: (error: Error | null, info?: { messageId: string }) => void,
    ) {
      const messageId = String(mail.data.messageId ?? "");
      keepSandboxMessage(db, {
        messageId,
        channel: "email",
        recipient: String(mail.data.to ?? ""),
        subject: String(mail.data.subject ?? ""),
        body: String(mail.data.text ?? ""),
      }).then(
        () => done(null, { messageId }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
}

/** The SMS provider's HTTP API: JSON { to, body } with a bearer key and our idempotency key. */
function hostedSms(url: string, key: string) {
  return {
    async send(message: OutgoingSms) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "idempotency-key": message.idempotencyKey,
        },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`The SMS provider answered ${res.status}.`);
    },
  };
}

export function createMessengers(db: Kysely<Database>, config: MessagingConfig): Messengers {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport(sandboxTransport(db) as never);
  return {
    sandbox: !config.smtpUrl && !config.smsGatewayUrl,
    email: {
      async send(message) {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.idempotencyKey}@order-express>`,
        });
      },
    },
    sms: config.smsGatewayUrl
      ? hostedSms(config.smsGatewayUrl, config.smsGatewayKey ?? "")
      : {
          async send(message) {
            await keepSandboxMessage(db, {
              messageId: message.idempotencyKey,
              channel: "sms",
              recipient: message.to,
              subject: "",
              body: message.body,
            });
          },
        },
  };
}

/** The messaging settings from the environment (core/config/environment.ts). */
export function messagingConfigFrom(env: Record<string, string | undefined>): MessagingConfig {
  return {
    smtpUrl: readVariable("SMTP_URL", env) ?? null,
    mailFrom: readVariable("MAIL_FROM", env),
    smsGatewayUrl: readVariable("SMS_GATEWAY_URL", env) ?? null,
    smsGatewayKey: readVariable("SMS_GATEWAY_KEY", env) ?? null,
  };
}
