/** The hand-written layer on its own, with a fetch that answers what each test needs: no service. */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, it } from "node:test";
import { ApiError, createClient, paginate, verifyWebhook, WebhookVerificationError } from "reservations-client";

type Answer = Response | Error;

/** A fetch answering from a script, recording each request it was sent (body read). */
function scripted(...answers: Answer[]) {
  const sent: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
    const answer = answers.shift();
    if (answer === undefined) throw new Error("no more answers scripted");
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, sent };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

const RATE_LIMITED = { error: { type: "rate_limit_error", code: "rate_limited", message: "Slow down.", doc_url: "x#rate_limited" } };
const HOLD_BODY = { service_date: "2026-12-05", start_time: "19:30", party_size: 2 };

function client(fetch: (request: Request) => Promise<Response>, extra: object = {}) {
  const slept: number[] = [];
  const made = createClient({
    apiKey: "sk_live_test",
    baseUrl: "http://service.test/",
    fetch,
    sleep: async (ms) => {
      slept.push(ms);
    },
    ...extra,
  });
  return { client: made, slept };
}

describe("createClient", () => {
  it("sends the key, the version and one Idempotency-Key per write, kept across retries", async () => {
    const { fetch, sent } = scripted(json(429, RATE_LIMITED, { "Retry-After": "2" }), json(201, { object: "hold", id: "hold_1" }));
    const { client: api, slept } = client(fetch, { version: "2026-06-27" });
    const { data, error } = await api.POST("/v1/holds", { body: HOLD_BODY });
    assert.equal(error, undefined);
    assert.equal(data?.id, "hold_1");
    assert.equal(sent.length, 2);
    assert.deepEqual(slept, [2000]);
    const [first, second] = sent;
    assert.equal(first.url, "http://service.test/v1/holds");
    assert.equal(first.headers.get("Authorization"), "Bearer sk_live_test");
    assert.equal(first.headers.get("Service-Version"), "2026-06-27");
    assert.match(first.headers.get("Idempotency-Key") ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(second.headers.get("Idempotency-Key"), first.headers.get("Idempotency-Key"));
    assert.equal(second.body, first.body);
    assert.deepEqual(JSON.parse(second.body), HOLD_BODY);
  });

  it("keeps the caller's Idempotency-Key, gives none to a read, and one to a DELETE", async () => {
    const { fetch, sent } = scripted(json(201, { id: "hold_1" }), json(200, { object: "ping", ok: true }), json(200, { id: "hold_1" }));
    const { client: api } = client(fetch);
    await api.POST("/v1/holds", { body: HOLD_BODY, params: { header: { "Idempotency-Key": "mine-1" } } });
    await api.GET("/v1/ping");
    await api.DELETE("/v1/holds/{hold_id}", { params: { path: { hold_id: "hold_1" } } });
    assert.equal(sent[0].headers.get("Idempotency-Key"), "mine-1");
    assert.equal(sent[1].headers.get("Idempotency-Key"), null);
    assert.equal(sent[1].headers.get("Service-Version"), null);
    assert.ok(sent[2].headers.get("Idempotency-Key"));
  });

  it("retries 5xx with backoff up to maxRetries, then answers the last refusal", async () => {
    const failure = { error: { type: "api_error", code: "api_error", message: "Oops.", doc_url: "x#api_error" } };
    const { fetch, sent } = scripted(json(503, failure), json(502, failure), json(500, failure));
    const retries: number[] = [];
    const { client: api, slept } = client(fetch, { maxRetries: 2, onRetry: (retry: { status?: number }) => retries.push(retry.status ?? 0) });
    const { data, error, response } = await api.GET("/v1/ping");
    assert.equal(data, undefined);
    assert.equal(response.status, 500);
    assert.equal(error?.error.code, "api_error");
    assert.equal(sent.length, 3);
    assert.deepEqual(retries, [503, 502]);
    assert.ok(slept[0] <= 500 && slept[1] <= 1000, `full jitter under 0.5 s then 1 s: ${slept}`);
  });

  it("answers a 429 at once when Retry-After is beyond maxRetryWait (a spent daily budget)", async () => {
    const { fetch, sent } = scripted(json(429, RATE_LIMITED, { "Retry-After": "3600" }));
    const { client: api, slept } = client(fetch);
    const { error, response } = await api.POST("/v1/holds", { body: HOLD_BODY });
    assert.equal(response.status, 429);
    assert.equal(error?.error.code, "rate_limited");
    assert.equal(sent.length, 1);
    assert.deepEqual(slept, []);
  });

  it("retries a network error, and never a 4xx", async () => {
    const refused = { error: { type: "invalid_request_error", code: "not_found", message: "No.", doc_url: "x#not_found" } };
    const { fetch, sent } = scripted(new TypeError("fetch failed"), json(404, refused));
    const { client: api } = client(fetch);
    const { error, response } = await api.GET("/v1/holds/{hold_id}", { params: { path: { hold_id: "hold_x" } } });
    assert.equal(response.status, 404);
    assert.equal(error?.error.code, "not_found");
    assert.equal(sent.length, 2);
  });

  it("sends a list as one comma-separated value", async () => {
    const { fetch, sent } = scripted(json(200, { object: "list", data: [], has_more: false }));
    const { client: api } = client(fetch);
    await api.GET("/v1/reservations", { params: { query: { expand: ["guest", "events"], limit: 5 } } });
    assert.equal(new URL(sent[0].url).search, "?expand=guest,events&limit=5");
  });
});

describe("paginate", () => {
  it("follows starting_after from page to page and stops at has_more false", async () => {
    const page = (ids: string[], more: boolean) => json(200, { object: "list", data: ids.map((id) => ({ id })), has_more: more });
    const { fetch, sent } = scripted(page(["gst_3", "gst_2"], true), page(["gst_1"], false));
    const { client: api } = client(fetch);
    const seen: string[] = [];
    for await (const guest of paginate(api, "/v1/guests", { query: { limit: 2, vip: true } })) seen.push(guest.id);
    assert.deepEqual(seen, ["gst_3", "gst_2", "gst_1"]);
    assert.deepEqual(
      sent.map((request) => new URL(request.url).search),
      ["?limit=2&vip=true", "?limit=2&vip=true&starting_after=gst_2"],
    );
  });

  it("throws ApiError with the refusal", async () => {
    const refused = { error: { type: "invalid_request_error", code: "bad_request", message: "Bad.", param: "limit", doc_url: "x#bad_request" } };
    const { fetch } = scripted(json(400, refused, { "X-Request-Id": "req_1" }));
    const { client: api } = client(fetch);
    await assert.rejects(
      async () => {
        for await (const _ of paginate(api, "/v1/holds", { query: { limit: 0 } })) void _;
      },
      (error: unknown) =>
        error instanceof ApiError && error.status === 400 && error.code === "bad_request" && error.param === "limit" && error.requestId === "req_1",
    );
  });
});

describe("verifyWebhook", () => {
  const secret = "whsec_" + Buffer.from("a secret of 24 bytes!!!!").toString("base64");
  const body = JSON.stringify({ id: "evt_1", object: "event", type: "hold.created", data: { object: { id: "hold_1" } } });
  const now = 1_800_000_000;
  const sign = (key: string, id: string, timestamp: number, payload: string) =>
    "v1," + createHmac("sha256", Buffer.from(key.slice(6), "base64")).update(`${id}.${timestamp}.${payload}`).digest("base64");
  const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(now), "webhook-signature": sign(secret, "evt_1", now, body) };

  it("answers the event of a delivery signed with the secret", () => {
    assert.equal(verifyWebhook(secret, body, headers, { now }).data.object.id, "hold_1");
    assert.equal(verifyWebhook(secret, Buffer.from(body), new Headers(headers), { now: now + 299 }).type, "hold.created");
  });

  it("takes either of two signatures (a secret being rotated)", () => {
    const other = "whsec_" + Buffer.from("another secret, 24 bytes").toString("base64");
    const both = { ...headers, "webhook-signature": `${sign(other, "evt_1", now, body)} ${headers["webhook-signature"]}` };
    assert.equal(verifyWebhook(secret, body, both, { now }).id, "evt_1");
    assert.equal(verifyWebhook(other, body, both, { now }).id, "evt_1");
  });

  it("refuses a tampered body, another secret, another id, a stale or future timestamp, a missing header", () => {
    const other = "whsec_" + Buffer.from("another secret, 24 bytes").toString("base64");
    const cases: [string, string | Uint8Array, Record<string, string>, number, RegExp][] = [
      [secret, body.replace("hold_1", "hold_2"), headers, now, /no signature/],
      [other, body, headers, now, /no signature/],
      [secret, body, { ...headers, "webhook-id": "evt_2" }, now, /no signature/],
      [secret, body, headers, now + 301, /too far/],
      [secret, body, headers, now - 301, /too far/],
      [secret, body, { "webhook-id": "evt_1", "webhook-timestamp": String(now) }, now, /missing/],
    ];
    for (const [key, payload, given, at, message] of cases) {
      assert.throws(() => verifyWebhook(key, payload, given, { now: at }), (error: unknown) => error instanceof WebhookVerificationError && message.test(error.message));
    }
  });
});
