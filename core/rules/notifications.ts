/**
 * The shopper's order notifications (issue 30, decision 044): which events send one, what each
 * says, and how a failed send backs off. The channels are the ones the shopper chose at checkout
 * (`notification_type`: email and/or SMS).
 */
import { formatMoney } from "./money";

export type NotificationEvent =
  | "placed"
  | "substitutions"
  | "ready"
  | "out_for_delivery"
  | "cancelled";

export interface NotificationFacts {
  number: string;
  storeName: string;
  firstName: string | null;
  /** The amount the shopper pays: the final one once picked, else the estimate. */
  amount: number;
  /** Each change the store made: '1.08 lb Turkey (ordered 1 lb)', 'Rye Bread for Bagels'. */
  changes: string[];
}

const SUBJECTS: Record<NotificationEvent, (f: NotificationFacts) => string> = {
  placed: (f) => `Order ${f.number} received`,
  substitutions: (f) => `Changes to order ${f.number}`,
  ready: (f) => `Order ${f.number} is ready for pickup`,
  out_for_delivery: (f) => `Order ${f.number} is out for delivery`,
  cancelled: (f) => `Order ${f.number} was cancelled`,
};

const LEADS: Record<NotificationEvent, (f: NotificationFacts) => string> = {
  placed: (f) => `Thank you! ${f.storeName} has your order ${f.number}.`,
  substitutions: (f) => `${f.storeName} made changes while picking order ${f.number}:`,
  ready: (f) => `Your order ${f.number} is ready for pickup at ${f.storeName}.`,
  out_for_delivery: (f) => `Your order ${f.number} from ${f.storeName} is on its way.`,
  cancelled: (f) => `Your order ${f.number} at ${f.storeName} was cancelled.`,
};

/** An email's subject and text for an event. */
export function notificationEmail(event: NotificationEvent, facts: NotificationFacts) {
  const lines = [
    facts.firstName ? `Hi ${facts.firstName},` : "Hello,",
    "",
    LEADS[event](facts),
    ...(facts.changes.length ? ["", ...facts.changes.map((c) => `- ${c}`)] : []),
  ];
  if (event !== "cancelled") lines.push("", `Order total: ${formatMoney(facts.amount)}`);
  return { subject: SUBJECTS[event](facts), text: lines.join("\n") };
}

/** An SMS for an event: one short line. */
export function notificationSms(event: NotificationEvent, facts: NotificationFacts) {
  const changes = facts.changes.length ? ` ${facts.changes.length} item(s) changed.` : "";
  const total = event === "cancelled" ? "" : ` Total ${formatMoney(facts.amount)}.`;
  const lead = LEADS[event](facts).replace(/:$/, ".");
  return `${lead}${event === "substitutions" ? changes : ""}${total}`;
}

/** Attempts before a message is given up (with the back-off below: more than two hours). */
export const MAX_ATTEMPTS = 30;

/** The wait after the n-th failed attempt: 5 s doubling, at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}
