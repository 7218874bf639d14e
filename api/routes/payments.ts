import express, { Router } from "express";
import type { z } from "zod";
import { CALLS } from "@core/contract/calls";
import {
  CardAuthorizationDeliverySchema,
  PAYMENT_SIGNATURE_HEADER,
  type PaymentWebhookAnswerSchema,
} from "@core/contract/payments";
import { callerOf } from "../http/caller";
import type { ApiContext } from "../http/context";
import { item, route } from "../http/handler";
import { mount } from "../http/mount";
import { parseBody } from "../http/validation";
import {
  clearCardAuthorization,
  readCardAuthorization,
  receivePaymentNotice,
  startCardAuthorization,
  type PaymentDeps,
} from "../services/payments";

const depsOf = ({ db, payment, sso }: ApiContext): PaymentDeps => ({
  db: db.kysely,
  gateway: payment,
  returnOrigins: sso.returnOrigins,
});

/** An order's card authorization (decision 021): start it, read it, clear it ('Pay At Store'). */
export function paymentsRouter(context: ApiContext) {
  const router = Router();
  const deps = depsOf(context);

  mount(router, CALLS.startCardAuthorization, async ({ ids, body, req, res }) => {
    // A delivery order's payload is checked as a whole (spec §7).
    const delivery = body.delivery ? parseBody(CardAuthorizationDeliverySchema, req) : null;
    const brand = await context.brand();
    return item(
      await startCardAuthorization(deps, callerOf(res), ids.id, body, delivery, brand.name),
    );
  });

  mount(router, CALLS.cardAuthorization, async ({ ids, res }) =>
    item(await readCardAuthorization(deps, callerOf(res), ids.id)),
  );

  mount(router, CALLS.deleteCardAuthorization, async ({ ids, res }) => {
    await clearCardAuthorization(deps, callerOf(res), ids.id);
  });

  return router;
}

/** How large a gateway's notice may be. */
const NOTICE_LIMIT = "64kb";

/**
 * The gateways' webhook (the table's `paymentWebhook`, mounted by hand): no API key (a gateway
 * has none), the raw body kept as sent, since the signature is over its exact bytes. Mounted
 * before the API's JSON parser.
 */
export function paymentWebhooksRouter(context: ApiContext) {
  const router = Router();
  router.post(
    // Any gateway name reaches the service, which answers 404 for one it does not know.
    "/payment-webhooks/:gateway",
    express.text({ type: () => true, limit: NOTICE_LIMIT }),
    route(async (req) => {
      const raw = typeof req.body === "string" ? req.body : "";
      return item(
        await receivePaymentNotice(
          { db: context.db.kysely, gateway: context.payment },
          String(req.params.gateway),
          raw,
          req.get(PAYMENT_SIGNATURE_HEADER),
        ),
      ) satisfies z.input<typeof PaymentWebhookAnswerSchema>;
    }),
  );
  return router;
}
