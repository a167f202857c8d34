/**
 * The client against the live service, as a partner uses it. Run by tests/client/test_typescript.py,
 * which starts the service under gunicorn and sets BASE_URL and API_KEY (a key of a restaurant it made),
 * SEEDED_DATE and SEEDED_COUNT (bookings it wrote on that date), WEBHOOK_SECRET and WEBHOOK_DELIVERY (a
 * file holding the headers and body of a delivery the service sent to a receiver). Skipped without them.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { createClient, paginate, verifyWebhook, WebhookVerificationError } from "reservations-client";

const live = process.env.BASE_URL && process.env.API_KEY ? {} : { skip: "BASE_URL and API_KEY are not set" };
const ADA = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

function newClient(extra: object = {}) {
  return createClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.BASE_URL!, ...extra });
}

/** The first day from tomorrow with a free slot for two, and that slot. */
async function aFreeSlot(client: ReturnType<typeof newClient>): Promise<{ service_date: string; start_time: string }> {
  const { data: configuration } = await client.GET("/v1/configuration");
  assert.ok(configuration);
  const today = new Date(`${configuration.current_date}T12:00:00Z`);
  for (let n = 1; n <= 14; n++) {
    const service_date = new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    if (service_date === process.env.SEEDED_DATE) continue;
    const { data: day } = await client.GET("/v1/availability", { params: { query: { service_date, party_size: 2 } } });
    const slot = day?.shifts.flatMap((shift) => shift.slots)[0];
    if (slot) return { service_date, start_time: slot.time };
  }
  throw new Error("no free slot in the next two weeks");
}

describe("against the service", live, () => {
  it("the quickstart: ping, configuration, availability, a hold, a booking from it, cancel", async () => {
    const client = newClient({ version: "2026-06-27" });
    const ping = await client.GET("/v1/ping");
    assert.equal(ping.data?.ok, true);
    assert.equal(ping.response.headers.get("Service-Version"), "2026-06-27");
    const { data: configuration } = await client.GET("/v1/configuration");
    assert.equal(configuration?.timezone, "Europe/Paris");

    const { service_date, start_time } = await aFreeSlot(client);
    const { data: hold, error: refused } = await client.POST("/v1/holds", {
      body: { service_date, start_time, party_size: 2, metadata: { cart: "c-1" } },
    });
    assert.equal(refused, undefined);
    assert.equal(hold?.status, "held");
    const { data: booking, response } = await client.POST("/v1/reservations", {
      body: { hold_id: hold!.id, guest: ADA, guest_notes: "Window" },
      params: { query: { expand: ["guest"] } },
    });
    assert.equal(response.status, 201);
    assert.equal(booking?.id, "resv_" + hold!.id.slice("hold_".length));
    assert.equal(booking?.status, "confirmed");
    assert.deepEqual(booking?.metadata, { cart: "c-1" });
    assert.equal(typeof booking?.guest === "object" && booking.guest.email, "ada@example.com");

    const { data: cancelled } = await client.POST("/v1/reservations/{reservation_id}/cancel", {
      params: { path: { reservation_id: booking!.id } },
    });
    assert.equal(cancelled?.status, "cancelled");

    // A DELETE carries an Idempotency-Key too; a released hold answers 200 again.
    const { data: second } = await client.POST("/v1/holds", { body: { service_date, start_time, party_size: 2 } });
    for (let i = 0; i < 2; i++) {
      const { data: released } = await client.DELETE("/v1/holds/{hold_id}", { params: { path: { hold_id: second!.id } } });
      assert.equal(released?.status, "released");
    }
  });

  it("an idempotent retry: the same key twice makes one booking, the second answer replayed", async () => {
    const client = newClient();
    const { service_date, start_time } = await aFreeSlot(client);
    const body = { service_date, start_time, party_size: 2, guest: ADA };
    const key = crypto.randomUUID();
    const first = await client.POST("/v1/reservations", { body, params: { header: { "Idempotency-Key": key } } });
    const again = await client.POST("/v1/reservations", { body, params: { header: { "Idempotency-Key": key } } });
    assert.equal(first.response.status, 201);
    assert.equal(first.response.headers.get("Idempotent-Replayed"), null);
    assert.equal(again.response.headers.get("Idempotent-Replayed"), "true");
    assert.equal(again.data?.id, first.data?.id);
    const { data: onThatDay } = await client.GET("/v1/reservations", { params: { query: { date: service_date } } });
    const standing = onThatDay?.data.filter((r) => r.status !== "cancelled"); // the quickstart's cancelled one aside
    assert.deepEqual(standing?.map((r) => r.id), [first.data!.id]);
    await client.POST("/v1/reservations/{reservation_id}/cancel", { params: { path: { reservation_id: first.data!.id } } });
  });

  it("a create whose answer is lost is retried with its key and replayed, never booked twice", async () => {
    let lost: { id: string } | undefined;
    const keys: string[] = [];
    const losing = async (request: Request): Promise<Response> => {
      const response = await fetch(request);
      if (request.method === "POST" && new URL(request.url).pathname === "/v1/reservations") {
        keys.push(request.headers.get("Idempotency-Key")!);
        if (!lost) {
          lost = (await response.json()) as { id: string };
          return new Response("upstream reset", { status: 502 }); // the booking was made; its answer is gone
        }
      }
      return response;
    };
    const client = newClient({ fetch: losing });
    const { service_date, start_time } = await aFreeSlot(client);
    const { data, response } = await client.POST("/v1/reservations", { body: { service_date, start_time, party_size: 2, guest: ADA } });
    assert.equal(response.headers.get("Idempotent-Replayed"), "true");
    assert.equal(data?.id, lost?.id);
    assert.equal(keys.length, 2);
    assert.equal(keys[0], keys[1]);
    const { data: onThatDay } = await client.GET("/v1/reservations", { params: { query: { date: service_date } } });
    const standing = onThatDay?.data.filter((r) => r.status !== "cancelled");
    assert.deepEqual(standing?.map((r) => r.id), [lost!.id]);
    await client.POST("/v1/reservations/{reservation_id}/cancel", { params: { path: { reservation_id: lost!.id } } });
  });

  it("a refusal carries its violations", async () => {
    const client = newClient();
    const { service_date } = await aFreeSlot(client);
    const { data, error, response } = await client.POST("/v1/reservations", {
      body: { service_date, start_time: "19:30", party_size: 12, guest: ADA },
    });
    assert.equal(data, undefined);
    assert.equal(response.status, 422);
    assert.equal(error?.error.code, "booking_rules_violated");
    assert.ok(error?.error.doc_url.endsWith("/api/errors#booking_rules_violated"));
    assert.deepEqual(
      error?.error.violations?.map((v) => [v.code, v.param, v.overridable]),
      [["party_size_too_large", "party_size", true]],
    );
  });

  it("paginate walks every page of a list", async () => {
    let pages = 0;
    const counting = async (request: Request) => {
      if (new URL(request.url).pathname === "/v1/reservations") pages++;
      return fetch(request);
    };
    const client = newClient({ fetch: counting });
    const date = process.env.SEEDED_DATE!;
    const ids: string[] = [];
    const dates = new Set<string>();
    for await (const reservation of paginate(client, "/v1/reservations", { query: { date, limit: 10 } })) {
      ids.push(reservation.id);
      dates.add(reservation.service_date);
    }
    assert.equal(ids.length, Number(process.env.SEEDED_COUNT));
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...dates], [date]);
    assert.equal(pages, Math.ceil(ids.length / 10));
    assert.ok(pages > 1);
  });

  it("verifyWebhook takes a delivery the service signed and refuses it tampered", () => {
    const secret = process.env.WEBHOOK_SECRET!;
    const delivery = JSON.parse(readFileSync(process.env.WEBHOOK_DELIVERY!, "utf8")) as { headers: Record<string, string>; body: string };
    const event = verifyWebhook<{ id: string; object: string }>(secret, delivery.body, delivery.headers);
    assert.equal(event.object, "event");
    assert.equal(event.id, delivery.headers["webhook-id"]);
    assert.equal(event.data.object.object, "hold");
    const tampered = delivery.body.replace(event.data.object.id, "hold_" + "x".repeat(24));
    assert.throws(() => verifyWebhook(secret, tampered, delivery.headers), WebhookVerificationError);
    const otherSecret = "whsec_" + Buffer.from("not the endpoint's secret").toString("base64");
    assert.throws(() => verifyWebhook(otherSecret, delivery.body, delivery.headers), WebhookVerificationError);
  });
});
