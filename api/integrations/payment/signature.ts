/**
 * Signed gateway notices (decision 021): the gateway signs the raw body of each webhook with
 * HMAC-SHA256 under a shared secret, over `TIMESTAMP.BODY`, and sends
 * `Payment-Signature: t=TIMESTAMP,v1=HEX` (several v1 entries while a secret is rotated). The API
 * recomputes it over the bytes it received, compares in constant time, and refuses a timestamp
 * more than five minutes away from its clock, so a captured notice cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a notice's timestamp may be from the receiver's clock, either way. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest();

/** The header value for `body` signed now (the sandbox's side; a real gateway signs its own). */
export function signNotice(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString("hex")}`;
}

/** Whether `header` signs exactly `body` with `secret`, at a time close enough to `now`. */
export function verifyNotice(
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header || header.length > 1000) return false;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2);
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && /^[0-9a-f]{64}$/i.test(value))
      signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = hmac(secret, timestamp, body);
  // Every candidate is compared, so the time taken does not tell which one matched.
  return signatures.reduce(
    (matched, signature) => timingSafeEqual(signature, expected) || matched,
    false,
  );
}
