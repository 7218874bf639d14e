/**
 * Sealing for the session cookie (decision 008): AES-256-GCM, so the browser holds a value it can
 * neither read nor change. The key comes from SESSION_SECRET through HKDF; with several secrets
 * (rotation) the first seals and every one is tried to open, so changing the secret signs no one
 * out until the old one is removed.
 *
 * Format: `v1.` + base64url(iv[12] | tag[16] | ciphertext). The version lets the format change
 * later without misreading old cookies.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = "order-express sealed cookie";

const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `${VERSION} ${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

/**
 * The sealed text of `value` (JSON). `purpose` binds it to one use (the cookie's name): a value
 * sealed for one cookie does not open as another.
 */
export function seal(value: unknown, secrets: readonly string[], purpose: string): string {
  const secret = secrets[0];
  if (!secret) throw new Error("No secret to seal with");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/**
 * Texts opened lately, as their JSON: a shopper's cookie comes back unchanged with every request
 * until it is sealed again, and opening it (AES-GCM) was most of reading it. Kept under the
 * secrets and purpose that opened them; a text that did not open is not kept.
 */
const opened = new LRUCache<string, string>({ max: 5000 });

/** The value sealed in `text`, or undefined when no secret opens it (forged, old, other format). */
export function unseal(text: string, secrets: readonly string[], purpose: string): unknown {
  const key = `${secrets.join("\u0000")}\u0000${purpose}\u0000${text}`;
  const kept = opened.get(key);
  const json = kept ?? open(text, secrets, purpose);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    // Parsed for each caller: the value is theirs to change.
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (kept === undefined) opened.set(key, json);
  return value;
}

/** The JSON sealed in `text`, opened with the first of `secrets` that can. */
function open(text: string, secrets: readonly string[], purpose: string): string | undefined {
  if (!text.startsWith(`${VERSION}.`)) return undefined;
  const bytes = Buffer.from(text.slice(VERSION.length + 1), "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const body = bytes.subarray(IV_BYTES + TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // Not this secret (or not ours at all): try the next.
    }
  }
  return undefined;
}
