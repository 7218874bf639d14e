/**
 * The sandbox mailbox's page (GET /sandbox/messages): every email and SMS the sandboxes received,
 * newest first, as a plain server-rendered table (decision 044).
 */
import { Router } from "express";
import type { Kysely } from "kysely";
import { escapeUTF8 as escapeHTML } from "entities";
import type { Database } from "../../../db/schema";
import { toIso } from "../../../db/values";
import { sandboxDocument } from "../../sandbox-document";
import { sandboxMessages } from "./store";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #767676;padding:.5rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;margin:0;font:inherit}`;

export function sandboxMessagesPage(db: Kysely<Database>): Router {
  const router = Router();
  router.get("/", (_req, res, next) => {
    sandboxMessages(db).then((rows) => {
      const body = rows.length
        ? `<table><caption>Messages received, newest first</caption>
<thead><tr><th scope="col">Sent</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th></tr></thead>
<tbody>${rows
            .map(
              (m) =>
                `<tr><td>${escapeHTML(toIso(m.created_at))}</td><td>${escapeHTML(m.channel === "sms" ? "SMS" : "Email")}</td><td>${escapeHTML(m.recipient)}</td><td>${escapeHTML(m.subject)}</td><td><pre>${escapeHTML(m.body)}</pre></td></tr>`,
            )
            .join("\n")}</tbody></table>`
        : "<p>No messages yet.</p>";
      res
        .status(200)
        .type("html")
        .set("Cache-Control", "no-store")
        .send(
          sandboxDocument({
            nonce: String(res.locals.cspNonce ?? ""),
            title: "Mailbox",
            service: "Sandbox messages",
            style: STYLE,
            body: `<main><h1>Sandbox mailbox</h1>${body}</main>`,
          }),
        );
    }, next);
  });
  return router;
}
