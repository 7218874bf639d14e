/**
 * Online card payment (decision 021): an order's card authorization started on the gateway's hosted
 * page, read back, cleared, and updated by the gateway's signed notices.
 *
 * Starting is idempotent per order. The decision is taken in a write transaction holding the order
 * row: an open attempt that still covers the order is answered again; otherwise a new attempt row
 * is written, with its own idempotency key, before the gateway is called (outside the transaction:
 * a gateway's seconds must not hold the database). A request that finds an attempt not yet at the
 * gateway asks the gateway with the same key, so parallel requests make one authorization there
 * and here.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  CARD_AUTHORIZATION_CANCEL_PATH,
  CARD_AUTHORIZATION_RETURN_PATH,
  PaymentWebhookEventSchema,
  REFUSED_AUTHORIZATION_STATUSES,
  type CardAuthorizationBodySchema,
  type CardAuthorizationDeliverySchema,
  type CardAuthorizationStart,
} from "@core/contract/payments";
import { cardHoldAmount, cardHoldMessage, holdCovers } from "@core/rules/card-authorization";
import { DELIVERY_NOT_ALLOWED, departmentDelivers } from "@core/rules/delivery-allowed";
import type { Database, Row } from "../db/schema";
import { writeTransaction } from "../db/transaction";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import {
  badRequest,
  conflict,
  HttpError,
  invalid,
  notFound,
  unauthenticated,
} from "../http/errors";
import { fieldErrors } from "../http/validation";
import { isShopAddress, type ReturnOrigins } from "../integrations/identity/returns";
import {
  PaymentGatewayRefused,
  type AuthorizationResult,
  type PaymentGateway,
} from "../integrations/payment/gateway";
import { logger } from "../logger";
import {
  CLEARED,
  OPEN_STATES,
  RELEASING,
  serializeCardAuthorization,
  shownAuthorization,
  STARTING,
  VOIDED,
} from "./card-authorizations";
import { markForRelease, releaseHolds } from "./hold-releases";
import { deliveryFlags, findDepartment } from "./departments";
import { assertEditable, claimForUser, findOwnedOrder, recomputeTotals } from "./orders";

type Db = Kysely<Database>;
type StartBody = z.output<typeof CardAuthorizationBodySchema>;
type DeliveryPart = z.output<typeof CardAuthorizationDeliverySchema>;

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway | null;
  returnOrigins: ReturnOrigins;
}

/** Spec §8's words for a gateway that cannot be used. */
const PAYMENT_UNAVAILABLE = "Online payment is currently unavailable. Pay at the store instead.";
const GATEWAY_CONNECTION_PROBLEM = "There was a problem connecting to the payment gateway.";
const GATEWAY_START_FAILED = "Failed to initiate payment gateway authorization.";
const NO_ONLINE_PAYMENT = "This department does not take online payment.";

const gatewayUnavailable = () =>
  new HttpError(503, PAYMENT_UNAVAILABLE, undefined, "payment_gateway_unavailable");
const gatewayFailed = (error: unknown) => {
  logger.warn("payment gateway call failed", {
    error: error instanceof Error ? error.message : String(error),
  });
  // The gateway answered but would not open a page ("initiation failure"), or it never answered
  // usably: two of spec §8's sentences, told apart by the code so the storefront can say which.
  return error instanceof PaymentGatewayRefused
    ? new HttpError(502, GATEWAY_START_FAILED, undefined, "payment_gateway_refused")
    : new HttpError(502, GATEWAY_CONNECTION_PROBLEM, undefined, "payment_gateway_unreachable");
};

/**
 * Closes a hosted page whose attempt row is gone (cleared or replaced while the gateway answered).
 * The shopper never saw that page, so nothing can be held on it: a failed close is only logged.
 * Holds a shopper could have approved go through ./hold-releases instead, which retries.
 */
async function closeUnseenPage(gateway: PaymentGateway, reference: string) {
  await gateway.void(reference).catch((error: unknown) =>
    logger.warn("payment gateway could not close an unseen page", {
      reference,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** The storefront's return and cancel pages, on one of the shop's origins. */
function returnAddresses(body: StartBody, origins: ReturnOrigins) {
  const errors: Record<string, string[]> = {};
  if (!isShopAddress(body.return_url, origins, CARD_AUTHORIZATION_RETURN_PATH))
    errors.return_url = [`Must be the shop's ${CARD_AUTHORIZATION_RETURN_PATH} address.`];
  const cancelUrl =
    body.cancel_url ??
    (URL.canParse(body.return_url)
      ? new URL(CARD_AUTHORIZATION_CANCEL_PATH, body.return_url).toString()
      : "");
  if (!errors.return_url && !isShopAddress(cancelUrl, origins, CARD_AUTHORIZATION_CANCEL_PATH))
    errors.cancel_url = [`Must be the shop's ${CARD_AUTHORIZATION_CANCEL_PATH} address.`];
  if (Object.keys(errors).length) throw invalid(errors);
  return { returnUrl: body.return_url, cancelUrl };
}

type StartPlan = {
  attempt: Row<"card_authorizations">;
  /** Already at the gateway: answered again without calling it. */
  reuse: boolean;
  /** Authorizations this start put aside, released once it is committed. */
  toRelease: number[];
  message: string;
  description: string;
  customer: { email: string | null; name: string | null };
};

/**
 * POST /orders/{id}/card-authorization: the hosted page to send the shopper to. Signed-in owners
 * only, for an incomplete order of a department that takes online payment.
 */
export async function startCardAuthorization(
  deps: PaymentDeps,
  caller: Caller,
  orderId: number,
  body: StartBody,
  delivery: DeliveryPart | null,
  merchantName: string,
): Promise<CardAuthorizationStart> {
  if (caller.userId === null) throw unauthenticated();
  const { returnUrl, cancelUrl } = returnAddresses(body, deps.returnOrigins);
  const { gateway } = deps;

  const plan = await writeTransaction<StartPlan>(deps.db, async (trx) => {
    const found = await findOwnedOrder(trx, caller, orderId, { lock: true });
    assertEditable(found);
    const department = await findDepartment(trx, caller.brandId, found.department_id);
    if (!department.payment_gateway_enabled)
      throw invalid(
        { generic: [NO_ONLINE_PAYMENT] },
        NO_ONLINE_PAYMENT,
        "online_payment_unavailable",
      );
    if (!gateway) throw gatewayUnavailable();
    const delivers = departmentDelivers(deliveryFlags(department));
    if (delivery && !delivers) throw invalid({ delivery: [DELIVERY_NOT_ALLOWED] });
    const order = await claimForUser(trx, caller, found);
    await recomputeTotals(trx, order.id);
    const totals = await trx
      .selectFrom("orders")
      .select(["total", "delivery_amount", "tip_amount"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom("order_items")
      .innerJoin("products", "products.id", "order_items.product_id")
      .select(["products.unit_of_measure", "order_items.subtotal"])
      .where("order_items.order_id", "=", order.id)
      .execute();
    if (items.length === 0)
      throw invalid({ items: ["Your cart is empty."] }, "Your cart is empty.", "order_not_ready");
    // What the order will also charge that its stored total does not hold yet.
    const deliveryExtras = delivery
      ? (totals.delivery_amount > 0 ? 0 : department.delivery_amount) +
        (totals.tip_amount > 0 ? 0 : delivery.tip)
      : 0;
    const amount = cardHoldAmount(totals.total + body.fees + deliveryExtras, items);
    const store = await trx
      .selectFrom("stores")
      .select("name")
      .where("id", "=", department.store_id)
      .executeTakeFirstOrThrow();
    const user = await trx
      .selectFrom("users")
      .select(["email", "first_name", "last_name"])
      .where("id", "=", caller.userId!)
      .executeTakeFirst();
    const payer = body.user ?? delivery?.user ?? user;
    const name = [payer?.first_name, payer?.last_name].filter(Boolean).join(" ");
    const common = {
      message: cardHoldMessage(amount, items),
      description: `${department.name} order at ${store.name}`,
      customer: { email: payer?.email ?? null, name: name || null },
    };

    const open = await trx
      .selectFrom("card_authorizations")
      .selectAll()
      .where("order_id", "=", order.id)
      .where("status", "in", [...OPEN_STATES])
      .executeTakeFirst();
    if (open && open.status !== STARTING && open.redirect_url && holdCovers(open.amount, amount))
      return {
        attempt: open,
        reuse: true,
        toRelease: [],
        ...common,
        message: cardHoldMessage(open.amount, items),
      };
    if (open?.status === STARTING && open.amount === amount)
      return { attempt: open, reuse: false, toRelease: [], ...common };

    // Anything else open no longer fits the order: it makes way for a new attempt.
    const now = nowIso();
    if (open?.status === STARTING)
      await trx.deleteFrom("card_authorizations").where("id", "=", open.id).execute();
    const toRelease = open && open.status !== STARTING ? await markForRelease(trx, [open.id]) : [];
    await trx
      .updateTable("card_authorizations")
      .set({ status: CLEARED, updated_at: now })
      .where("order_id", "=", order.id)
      .where("status", "in", [...REFUSED_AUTHORIZATION_STATUSES])
      .execute();
    const attempt = await trx
      .insertInto("card_authorizations")
      .values({
        order_id: order.id,
        attempt_key: `oe_${order.id}_${randomBytes(12).toString("hex")}`,
        gateway: gateway.name,
        gateway_reference: null,
        redirect_url: null,
        status: STARTING,
        amount,
        fees: body.fees,
        card_brand: null,
        card_last_four: null,
        return_url: returnUrl,
        cancel_url: cancelUrl,
        billing_address: body.billing_address ? JSON.stringify(body.billing_address) : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { attempt, reuse: false, toRelease, ...common };
  });

  await releaseHolds(deps.db, gateway, plan.toRelease);
  const answer = (row: Row<"card_authorizations">) => ({
    redirect_url: row.redirect_url!,
    reference: row.gateway_reference!,
    amount: row.amount,
    message: plan.message,
  });
  if (plan.reuse) return answer(plan.attempt);

  const { attempt } = plan;
  const started = await gateway!
    .start({
      idempotencyKey: attempt.attempt_key,
      amount: attempt.amount,
      currency: "USD",
      merchantName,
      description: plan.description,
      returnUrl: attempt.return_url,
      cancelUrl: attempt.cancel_url,
      customer: plan.customer,
    })
    .catch((error: unknown) => {
      throw gatewayFailed(error);
    });
  const now = await writeTransaction(deps.db, async (trx) => {
    await findOwnedOrder(trx, caller, orderId, { lock: true });
    await trx
      .updateTable("card_authorizations")
      .set({
        status: "pending",
        gateway_reference: started.reference,
        redirect_url: started.redirectUrl,
        updated_at: nowIso(),
      })
      .where("id", "=", attempt.id)
      .where("status", "=", STARTING)
      .execute();
    return trx
      .selectFrom("card_authorizations")
      .selectAll()
      .where("id", "=", attempt.id)
      .executeTakeFirst();
  });
  if (!now || now.gateway_reference !== started.reference) {
    // Cleared or replaced while the gateway answered: its page is closed before anyone uses it.
    await closeUnseenPage(gateway!, started.reference);
    throw conflict(
      "The order changed while the payment was starting. Please try again.",
      "card_authorization_changed",
    );
  }
  return answer(now);
}

/**
 * Applies a gateway's word on an authorization: only a pending one changes, so a notice that comes
 * twice, or after the shop read the result itself, changes nothing. Answers the row as it was.
 */
async function applyResult(db: Db, result: AuthorizationResult) {
  const row = await db
    .selectFrom("card_authorizations")
    .selectAll()
    .where("gateway_reference", "=", result.reference)
    .executeTakeFirst();
  if (!row || result.status === "pending") return row;
  await db
    .updateTable("card_authorizations")
    .set({
      status: result.status,
      // A gateway that does not say keeps the amount asked for.
      amount: result.amount > 0 ? result.amount : row.amount,
      card_brand: result.cardBrand,
      card_last_four: result.cardLastFour,
      updated_at: nowIso(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  return row;
}

/** GET /orders/{id}/card-authorization: asks the gateway while it is pending. 404 when none. */
export async function readCardAuthorization(deps: PaymentDeps, caller: Caller, orderId: number) {
  const order = await findOwnedOrder(deps.db, caller, orderId);
  const shown = await shownAuthorization(deps.db, order.id);
  if (!shown) throw notFound("card authorization");
  const { gateway } = deps;
  if (shown.status !== "pending" || !shown.gateway_reference || gateway?.name !== shown.gateway)
    return serializeCardAuthorization(shown);
  try {
    await applyResult(deps.db, await gateway.retrieve(shown.gateway_reference));
  } catch (error) {
    // The stored state is still true as far as the shop knows.
    logger.warn("payment gateway read failed", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return serializeCardAuthorization((await shownAuthorization(deps.db, order.id)) ?? shown);
}

/**
 * DELETE /orders/{id}/card-authorization ('Pay At Store'): the order shows none after it; a hold
 * is voided at the gateway.
 */
export async function clearCardAuthorization(deps: PaymentDeps, caller: Caller, orderId: number) {
  const toRelease = await writeTransaction(deps.db, async (trx) => {
    const order = await findOwnedOrder(trx, caller, orderId, { lock: true });
    assertEditable(order);
    const rows = await trx
      .selectFrom("card_authorizations")
      .select(["id", "status"])
      .where("order_id", "=", order.id)
      .where("status", "not in", [RELEASING, VOIDED, CLEARED])
      .execute();
    const held = rows.filter((r) => r.status === "pending" || r.status === "approved");
    for (const row of rows) {
      if (row.status === STARTING)
        await trx.deleteFrom("card_authorizations").where("id", "=", row.id).execute();
      else if (!held.includes(row))
        await trx
          .updateTable("card_authorizations")
          .set({ status: CLEARED, updated_at: nowIso() })
          .where("id", "=", row.id)
          .execute();
    }
    return markForRelease(
      trx,
      held.map((r) => r.id),
    );
  });
  await releaseHolds(deps.db, deps.gateway, toRelease);
}

const SIGNATURE_INVALID = "The notice's signature is not valid.";

/**
 * POST /payment-webhooks/{gateway}: a gateway's signed notice. The signature is checked over the
 * raw body before anything is read from it (400 when it does not hold).
 */
export async function receivePaymentNotice(
  deps: Pick<PaymentDeps, "db" | "gateway">,
  gatewayName: string,
  rawBody: string,
  signature: string | undefined,
) {
  const { gateway } = deps;
  if (!gateway || gateway.name !== gatewayName) throw notFound("payment gateway");
  if (!gateway.verifyNotice(rawBody, signature))
    throw badRequest(SIGNATURE_INVALID, undefined, "payment_webhook_signature_invalid");
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw invalid({ body: ["Malformed JSON."] });
  }
  const event = PaymentWebhookEventSchema.safeParse(json);
  if (!event.success) throw invalid(fieldErrors(event.error));
  const { data } = event.data;
  const row = await applyResult(deps.db, {
    reference: data.reference,
    status: data.status,
    amount: data.amount,
    cardBrand: data.card_brand ?? null,
    cardLastFour: data.card_last_four ?? null,
  });
  // Approved after the shopper moved on ('Pay At Store', a new attempt, the order ended): the
  // hold is released again, and retried until the gateway confirms it.
  if ((row?.status === VOIDED || row?.status === RELEASING) && data.status === "approved") {
    await markForRelease(deps.db, [row.id]);
    await releaseHolds(deps.db, gateway, [row.id]);
  }
  return { received: true as const };
}
