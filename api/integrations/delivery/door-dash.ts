/**
 * DoorDash Drive (v2): every call signed with a short-lived HS256 JWT made from the developer's
 * credentials (DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID, DOORDASH_SIGNING_SECRET). A quote
 * (POST /drive/v2/quotes) validates the addresses and prices the delivery; accepting it
 * (POST /drive/v2/quotes/{id}/accept) books it; a validation failure answers `field_errors`,
 * which are handed on under DoorDash's own keys (dropoff_address, dropoff_phone_number, …).
 */
import { createHmac } from "node:crypto";
import type { DeliveryAdapter, DeliveryFieldErrors, DeliveryRequest } from "./types";
import { DeliveryServiceError } from "./types";

export interface DoorDashCredentials {
  developerId: string;
  keyId: string;
  /** base64url, as DoorDash's developer portal shows it. */
  signingSecret: string;
  /** https://openapi.doordash.com unless told otherwise. */
  baseUrl: string;
}

const TIMEOUT_MS = 8000;
const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The JWT DoorDash asks for: HS256 over the developer, the key and five minutes of validity. */
export function doorDashToken(credentials: DoorDashCredentials, now = Date.now()): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT", "dd-ver": "DD-JWT-V1" }));
  const issuedAt = Math.floor(now / 1000);
  const payload = base64url(
    JSON.stringify({
      aud: "doordash",
      iss: credentials.developerId,
      kid: credentials.keyId,
      iat: issuedAt,
      exp: issuedAt + 300,
    }),
  );
  const signature = createHmac("sha256", Buffer.from(credentials.signingSecret, "base64url"))
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** DoorDash's field errors, a list of { field, error } (or already keyed), as `{ field: [..] }`. */
export function doorDashFieldErrors(body: unknown): DeliveryFieldErrors | null {
  const raw = (body as { field_errors?: unknown } | null)?.field_errors;
  const errors: DeliveryFieldErrors = {};
  if (Array.isArray(raw)) {
    for (const entry of raw as { field?: unknown; error?: unknown }[]) {
      const field = typeof entry?.field === "string" ? entry.field : "generic";
      if (typeof entry?.error === "string") (errors[field] ??= []).push(entry.error);
    }
  } else if (raw && typeof raw === "object") {
    for (const [field, value] of Object.entries(raw))
      errors[field] = (Array.isArray(value) ? value : [value]).filter(
        (v): v is string => typeof v === "string",
      );
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (!Object.keys(errors).length && typeof message === "string") errors.generic = [message];
  return Object.keys(errors).length ? errors : null;
}

const oneLine = (...parts: (string | null)[]) => parts.filter(Boolean).join(", ");
const e164 = (phone: string) => `+1${phone.replace(/\D/g, "").slice(-10)}`;

function quoteBody(request: DeliveryRequest) {
  const { store, dropoff, contact } = request;
  return {
    external_delivery_id: request.externalId,
    pickup_address: oneLine(store.address, store.city, `${store.state} ${store.zip_code}`),
    pickup_business_name: store.name,
    dropoff_address: oneLine(
      [dropoff.unit, dropoff.street].filter(Boolean).join(" "),
      dropoff.city,
      `${dropoff.state} ${dropoff.zip_code}`,
    ),
    dropoff_phone_number: e164(contact.phone),
    dropoff_contact_given_name: contact.first_name,
    dropoff_contact_family_name: contact.last_name,
    dropoff_instructions: request.instructions ?? "",
    order_value: request.orderValue,
    tip: request.tip,
  };
}

export function doorDashDrive(
  credentials: DoorDashCredentials,
  fetcher: typeof fetch = fetch,
): DeliveryAdapter {
  async function call(method: string, path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetcher(`${credentials.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${doorDashToken(credentials)}`,
          "content-type": "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DeliveryServiceError(`DoorDash could not be reached: ${String(error)}`);
    }
    const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && answer) return { ok: true as const, answer };
    if (res.status === 400 || res.status === 422) {
      const errors = doorDashFieldErrors(answer);
      if (errors) return { ok: false as const, errors };
    }
    throw new DeliveryServiceError(`DoorDash answered ${res.status} to ${method} ${path}`);
  }

  return {
    provider: "door_dash",
    async validate(request) {
      const quoted = await this.quote(request);
      return quoted.ok ? null : quoted.errors;
    },
    async quote(request) {
      const result = await call("POST", "/drive/v2/quotes", quoteBody(request));
      if (!result.ok) return result;
      const { fee, dropoff_time_estimated: dropoffAt } = result.answer;
      if (typeof fee !== "number") throw new DeliveryServiceError("DoorDash quoted no fee");
      const minutes =
        typeof dropoffAt === "string"
          ? Math.max(0, Math.round((Date.parse(dropoffAt) - Date.now()) / 60_000))
          : request.department.delivery_time;
      return {
        ok: true,
        value: {
          fee,
          estimatedMinutes: Number.isFinite(minutes) ? minutes : request.department.delivery_time,
          quoteId: request.externalId,
        },
      };
    },
    async accept(request) {
      const path = `/drive/v2/quotes/${encodeURIComponent(request.externalId)}/accept`;
      const result = await call("POST", path, { tip: request.tip });
      if (!result.ok) return result;
      const id = result.answer.external_delivery_id;
      return { ok: true, value: { externalId: typeof id === "string" ? id : request.externalId } };
    },
    async cancel(externalId) {
      await call("PUT", `/drive/v2/deliveries/${encodeURIComponent(externalId)}/cancel`).catch(
        () => undefined,
      );
    },
  };
}
