/**
 * The sandbox mailbox (decision 044): what the sandbox mail and SMS transports received, kept in
 * the shop's database so every worker's sends show on one page. A message id seen once is not
 * kept twice: a resend of the same message is the same message.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { nowIso } from "../../../db/values";

export interface SandboxMessage {
  messageId: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
}

export async function keepSandboxMessage(db: Kysely<Database>, message: SandboxMessage) {
  await db
    .insertInto("sandbox_messages")
    .values({
      message_id: message.messageId,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      created_at: nowIso(),
    })
    .onConflict((conflict) => conflict.column("message_id").doNothing())
    .execute();
}

export function sandboxMessages(db: Kysely<Database>, limit = 100) {
  return db.selectFrom("sandbox_messages").selectAll().orderBy("id", "desc").limit(limit).execute();
}
