/**
 * The sandbox gateway's ledger page (GET /sandbox/pay, issue 30): for each authorization what was
 * held, captured (and in how many captures), released and still held; one by `?reference=`.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { payOnPage } from "../support/payments";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ pay: "sandbox" });
});
afterAll(() => api.close());

/** A hold of `amount` on the sandbox, authorized with the approving card unless `open`. */
async function hold(amount: number, { open = false } = {}) {
  const started = await api.payment!.start({
    idempotencyKey: `ledger-${randomUUID()}`,
    amount,
    currency: "USD",
    merchantName: "Ledger test",
    description: "Bakery order at Princeton",
    returnUrl: `${api.origin}/card-authorization/process`,
    cancelUrl: `${api.origin}/card-authorization/cancel`,
    customer: { email: null, name: null },
  });
  if (!open) expect((await payOnPage(started.redirectUrl, {})).res.status).toBe(303);
  return started.reference;
}

/** The ledger's facts for one authorization, as text: 'Held: $40.00', … */
async function ledgerOf(reference: string) {
  const res = await fetch(`${api.origin}/sandbox/pay?reference=${reference}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<h2>${reference}</h2>`);
  return [...html.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);
}

describe("the sandbox gateway's ledger", () => {
  it("shows a held card as still held, then one capture of part of it and the rest released", async () => {
    const reference = await hold(4000);
    expect(await ledgerOf(reference)).toEqual([
      "Status: Authorized, held",
      "Held: $40.00",
      "Captured: $0.00 in 0 captures",
      "Released: $0.00",
      "Still held: $40.00",
    ]);
    await api.payment!.capture(reference, { amount: 3084, idempotencyKey: `c-${reference}` });
    expect(await ledgerOf(reference)).toEqual([
      "Status: Captured",
      "Held: $40.00",
      "Captured: $30.84 in 1 capture",
      "Released: $9.16",
      "Still held: $0.00",
    ]);
  });

  it("releases a voided hold whole; a page never paid held nothing", async () => {
    const approved = await hold(1500);
    await api.payment!.void(approved);
    expect(await ledgerOf(approved)).toContain("Released: $15.00");
    expect(await ledgerOf(approved)).toContain("Still held: $0.00");
    const open = await hold(1500, { open: true });
    expect(await ledgerOf(open)).toEqual([
      "Status: Waiting for the card",
      "Held: $0.00",
      "Captured: $0.00 in 0 captures",
      "Released: $0.00",
      "Still held: $0.00",
    ]);
  });

  it("lists the newest first without a reference, and says when one is unknown", async () => {
    const first = await hold(100, { open: true });
    const second = await hold(200, { open: true });
    const html = await (await fetch(`${api.origin}/sandbox/pay`)).text();
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    const unknown = await (await fetch(`${api.origin}/sandbox/pay?reference=sbx_nope`)).text();
    expect(unknown).toContain("No authorization has this reference.");
  });
});
