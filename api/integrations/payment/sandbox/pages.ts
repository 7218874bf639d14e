/**
 * The sandbox gateway's hosted payment page: server-rendered HTML that works without JavaScript,
 * with a look of its own (a payment provider's, not the shop's: the shopper has left the shop to
 * pay). Errors sit beside their fields and are summed up above the form; nothing typed into the
 * card number or CVC is ever sent back.
 */
import { escapeUTF8 as escapeHTML } from "entities";
import { formatMoney } from "@core/rules/money";
import { sandboxDocument } from "../../sandbox-document";
import type { CardField } from "./cards";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 "Helvetica Neue",Arial,sans-serif;background:#f4f1ea;color:#201d18}
header{background:#14302b;color:#fff;padding:.75rem 1rem}
header p{margin:0 auto;max-width:30rem;font-weight:700;letter-spacing:.02em}
main{max-width:30rem;margin:1.25rem auto;padding:1.25rem;background:#fff;border:1px solid #d8d2c4;border-radius:4px}
.mode{margin:0 0 1rem;padding:.5rem .75rem;border-left:4px solid #a15c00;background:#fff6e5;font-size:.9rem}
.mode ul{margin:.25rem 0 0;padding-left:1.1rem}
.merchant{margin:0;font-size:.95rem;color:#4b463d}
h1{margin:.1rem 0 1rem;font-size:1.35rem;overflow-wrap:anywhere}
.amount{font-size:2rem;font-weight:700;margin:0 0 1rem}
label{display:block;margin:.9rem 0 .25rem;font-weight:700}
.hint{display:block;font-weight:400;font-size:.875rem;color:#4b463d}
input{width:100%;padding:.6rem;border:1px solid #6c665b;border-radius:3px;font:inherit;color:inherit;background:#fff}
input:focus{outline:3px solid #1f6f5f;outline-offset:1px}
input[aria-invalid=true]{border:2px solid #a3141a}
.row{display:flex;flex-wrap:wrap;gap:0 1rem}
.row>div{flex:1 1 8rem}
.field-error{margin:.3rem 0 0;color:#a3141a;font-weight:700;font-size:.95rem}
.summary{margin:0 0 1rem;padding:.6rem .75rem;border:2px solid #a3141a;color:#a3141a;font-weight:700}
button{display:block;width:100%;margin-top:1.4rem;padding:.75rem;border:0;border-radius:3px;background:#1f6f5f;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#14302b}
.cancel{display:block;margin-top:1rem;text-align:center;color:#14302b}
.ledger{list-style:none;margin:0;padding:0}
.ledger>li{border-top:1px solid #d8d2c4;padding:.75rem 0}
.ledger h2{margin:0;font-size:1.05rem;overflow-wrap:anywhere}
.ledger p{margin:.1rem 0 0;color:#4b463d;overflow-wrap:anywhere}
.ledger dl{display:grid;grid-template-columns:auto 1fr;gap:.15rem 1rem;margin:.5rem 0 0}
.ledger dt{font-weight:700}
.ledger dd{margin:0}
footer{max-width:30rem;margin:0 auto 2rem;padding:0 1rem;font-size:.85rem;color:#4b463d}
`;

/** A page of Sandbox Pay: its header, `body` as the main content, its footer. */
export function sandboxPayPage(nonce: string, title: string, body: string): string {
  return sandboxDocument({
    nonce,
    title,
    service: "Sandbox Pay",
    style: STYLE,
    body: `<header><p>Sandbox Pay · secure checkout</p></header>
<main>
${body}
</main>
<footer>Sandbox Pay is a test gateway: no real card is ever charged, and the shop never sees your card number.</footer>`,
  });
}

export interface PaymentPageSession {
  merchantName: string;
  description: string;
  amount: number;
}

export interface PaymentPageForm {
  action: string;
  cancelHref: string;
  csrfToken: string;
  /** Kept from a refused post: never the card number or the CVC. */
  values?: { expiry?: string; name?: string };
  errors?: Partial<Record<CardField, string>>;
}

const FIELDS: {
  name: CardField;
  label: string;
  hint?: string;
  autocomplete: string;
  inputmode?: string;
  maxlength: number;
}[] = [
  {
    name: "card_number",
    label: "Card number",
    hint: "Spaces are fine.",
    autocomplete: "cc-number",
    inputmode: "numeric",
    maxlength: 23,
  },
  {
    name: "expiry",
    label: "Expiry date (MM/YY)",
    autocomplete: "cc-exp",
    inputmode: "numeric",
    maxlength: 7,
  },
  {
    name: "cvc",
    label: "Security code (CVC)",
    hint: "3 or 4 digits.",
    autocomplete: "cc-csc",
    inputmode: "numeric",
    maxlength: 4,
  },
  { name: "name", label: "Name on card", autocomplete: "cc-name", maxlength: 100 },
];

function field(spec: (typeof FIELDS)[number], form: PaymentPageForm): string {
  const id = `pay-${spec.name.replace("_", "-")}`;
  const error = form.errors?.[spec.name];
  const value = spec.name === "expiry" || spec.name === "name" ? form.values?.[spec.name] : "";
  const described = [spec.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return `<div>
<label for="${id}">${escapeHTML(spec.label)}${
    spec.hint ? ` <span class="hint" id="${id}-hint">${escapeHTML(spec.hint)}</span>` : ""
  }</label>
<input id="${id}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}"${
    spec.inputmode ? ` inputmode="${spec.inputmode}"` : ""
  } maxlength="${spec.maxlength}" required${value ? ` value="${escapeHTML(value)}"` : ""}${
    error ? ' aria-invalid="true"' : ""
  }${described.length ? ` aria-describedby="${described.join(" ")}"` : ""}>
${error ? `<p class="field-error" id="${id}-error">Error: ${escapeHTML(error)}</p>` : ""}
</div>`;
}

const heading = (session: PaymentPageSession) => `<p class="merchant">Pay ${escapeHTML(
  session.merchantName,
)}</p>
<h1>${escapeHTML(session.description)}</h1>`;

export function paymentPage(nonce: string, session: PaymentPageSession, form: PaymentPageForm) {
  const [number, expiry, cvc, name] = FIELDS.map((spec) => field(spec, form));
  const failed = form.errors && Object.keys(form.errors).length > 0;
  return sandboxPayPage(
    nonce,
    failed ? "Check your card details" : "Authorize payment",
    `${heading(session)}
<p class="amount">${escapeHTML(formatMoney(session.amount))}</p>
<div class="mode">
<p><strong>Test mode.</strong> Use a test card with any future expiry and any CVC:</p>
<ul>
<li>4242 4242 4242 4242: approved</li>
<li>4000 0000 0000 0002: declined</li>
<li>4000 0000 0000 9995: insufficient funds</li>
</ul>
</div>
${failed ? '<p class="summary" role="alert">Please correct the card details marked below.</p>' : ""}
<form method="post" action="${escapeHTML(form.action)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHTML(form.csrfToken)}">
${number}
<div class="row">${expiry}${cvc}</div>
${name}
<button type="submit">Authorize ${escapeHTML(formatMoney(session.amount))}</button>
</form>
<a class="cancel" href="${escapeHTML(form.cancelHref)}">Cancel and return to ${escapeHTML(
      session.merchantName,
    )}</a>`,
  );
}

/** A page without the form: the session is finished, gone or not this browser's to post. */
export function noticePage(
  nonce: string,
  title: string,
  message: string,
  link?: { href: string; text: string },
) {
  return sandboxPayPage(
    nonce,
    title,
    `<h1>${escapeHTML(title)}</h1>
<p role="alert">${escapeHTML(message)}</p>
${link ? `<p><a class="cancel" href="${escapeHTML(link.href)}">${escapeHTML(link.text)}</a></p>` : ""}`,
  );
}
