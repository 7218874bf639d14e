/**
 * The sandbox gateway's ledger page (GET /sandbox/pay, issue 30): each authorization, newest
 * first, with what was held on the card, what was captured and in how many captures, what was
 * released and what is still held, as a merchant's dashboard shows it, so a person (or a test)
 * can see that an order was charged its final amount once and nothing is left on hold.
 * `?reference=` shows one authorization.
 */
import { escapeUTF8 as escapeHTML } from "entities";
import type { Kysely } from "kysely";
import { formatMoney } from "@core/rules/money";
import type { Database, Row } from "../../../db/schema";
import { toIso } from "../../../db/values";
import { sandboxPayPage } from "./pages";

/** How many authorizations the page lists at most. */
const LEDGER_LIMIT = 50;

type Session = Pick<
  Row<"sandbox_payment_sessions">,
  "status" | "amount" | "captured_amount" | "card_brand"
>;

interface HoldAccount {
  /** What the card was authorized for (0 when it never was: open, declined). */
  held: number;
  captured: number;
  /** The sandbox captures a hold at most once. */
  captures: number;
  /** Given back to the card: the rest after a capture, or all of a voided hold. */
  released: number;
  stillHeld: number;
}

const NOTHING: HoldAccount = { held: 0, captured: 0, captures: 0, released: 0, stillHeld: 0 };

/** What became of a session's hold, by its status. */
function holdAccount(session: Session): HoldAccount {
  const held = session.amount;
  switch (session.status) {
    case "approved":
      return { ...NOTHING, held, stillHeld: held };
    case "captured": {
      const captured = session.captured_amount ?? 0;
      return { ...NOTHING, held, captured, captures: 1, released: held - captured };
    }
    case "voided":
      // Voided after approval (a card was given), the hold is released whole; voided while
      // open, nothing was ever held.
      return session.card_brand === null ? NOTHING : { ...NOTHING, held, released: held };
    default:
      return NOTHING;
  }
}

const STATUS_WORDS: Record<string, string> = {
  open: "Waiting for the card",
  approved: "Authorized, held",
  declined: "Declined",
  insufficient_funds: "Declined: insufficient funds",
  voided: "Voided",
  captured: "Captured",
};

function entry(session: Row<"sandbox_payment_sessions">): string {
  const account = holdAccount(session);
  const card = session.card_brand
    ? `${session.card_brand} ending in ${session.card_last_four ?? "????"}`
    : "No card yet";
  const fact = (term: string, value: string) =>
    `<dt>${escapeHTML(term)}</dt><dd>${escapeHTML(value)}</dd>`;
  return `<li>
<h2>${escapeHTML(session.reference)}</h2>
<p>${escapeHTML(session.description)} · ${escapeHTML(card)} · ${escapeHTML(toIso(session.created_at) ?? "")}</p>
<dl>
${fact("Status", STATUS_WORDS[session.status] ?? session.status)}
${fact("Held", formatMoney(account.held))}
${fact("Captured", `${formatMoney(account.captured)} in ${account.captures} ${account.captures === 1 ? "capture" : "captures"}`)}
${fact("Released", formatMoney(account.released))}
${fact("Still held", formatMoney(account.stillHeld))}
</dl>
</li>`;
}

/** The newest authorizations, or the one `reference` names. */
export async function ledgerPage(
  db: Kysely<Database>,
  nonce: string,
  reference: string | null,
): Promise<string> {
  const sessions = await db
    .selectFrom("sandbox_payment_sessions")
    .selectAll()
    .$if(reference !== null, (q) => q.where("reference", "=", reference!))
    .orderBy("id", "desc")
    .limit(LEDGER_LIMIT)
    .execute();
  const body = sessions.length
    ? `<ul class="ledger" aria-label="Authorizations">${sessions.map(entry).join("\n")}</ul>`
    : `<p>${reference ? "No authorization has this reference." : "No authorizations yet."}</p>`;
  return sandboxPayPage(
    nonce,
    "Authorizations",
    `<h1>Authorizations</h1>
<p class="merchant">Newest first: what each card was held for, captured, released and still holds.</p>
${body}`,
  );
}
