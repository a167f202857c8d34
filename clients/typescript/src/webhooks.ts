/**
 * `verifyWebhook(secret, body, headers)`: checks a delivery as the service signs it (Standard Webhooks)
 * and answers the event. Headers `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`:
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the base64 of the `whsec_` secret;
 * during a secret rotation it carries two signatures, space-separated, and either one will do.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** The envelope of every event; `data.object` is the resource as it stands (a reservation, a hold...). */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  object: "event";
  type: string;
  created: string;
  livemode: boolean;
  api_version: string;
  data: { object: T; previous_attributes?: Record<string, unknown> };
}

export type WebhookHeaders =
  | Headers
  | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the timestamp may be from now, either way, in seconds (default 300). */
  tolerance?: number;
  /** The time to compare with, in Unix seconds (tests). */
  now?: number;
}

/** Returns the parsed event, or throws `WebhookVerificationError` (a bad signature, a stale delivery). */
export function verifyWebhook<T = Record<string, unknown>>(
  secret: string,
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyOptions = {},
): WebhookEvent<T> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("missing webhook-id, -timestamp or -signature header");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not a number of seconds");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.tolerance ?? 300)) {
    throw new WebhookVerificationError("webhook-timestamp is too far from now");
  }
  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const expected = createHmac("sha256", key(secret))
    .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`, "utf8"), body]))
    .digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError("no signature matches");
  try {
    return JSON.parse(body.toString("utf8")) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError("the body is not JSON");
  }
}

function key(secret: string): Buffer {
  const decoded = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  if (decoded.length === 0) throw new WebhookVerificationError("the secret is not a whsec_ base64 key");
  return decoded;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const found = Object.keys(record).find((key) => key.toLowerCase() === name);
  const value = found === undefined ? undefined : record[found];
  return Array.isArray(value) ? value[0] : value;
}
