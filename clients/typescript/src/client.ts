/**
 * `createClient`: an openapi-fetch client of the API's paths, with the middleware every partner
 * otherwise writes by hand: the key, the version, an `Idempotency-Key` on every write, and retries.
 */
import { randomUUID } from "node:crypto";
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";

export type ReservationsClient = Client<paths>;

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  /** Milliseconds waited before it. */
  delay: number;
  /** The answer retried (429 or 5xx), or undefined after a network error. */
  status?: number;
  error?: unknown;
  request: Request;
}

export interface ClientOptions {
  /** `sk_live_...`: sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Where the service is, e.g. `https://api.example.com` (the paths start with `/v1`). */
  baseUrl: string;
  /** A dated `Service-Version` sent on every request; without it the key's pinned version applies. */
  version?: string;
  /** Retries of a 429, a 5xx or a network error (default 3); 0 turns them off. */
  maxRetries?: number;
  /** A `Retry-After` longer than this many seconds (default 60: a spent daily budget) is not waited out:
   * the 429 is answered at once. */
  maxRetryWait?: number;
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Called before each retry (logging, metrics). */
  onRetry?: (retry: RetryInfo) => void;
  /** How to wait (tests); default setTimeout. */
  sleep?: (milliseconds: number) => Promise<void>;
}

const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

/**
 * A typed client: `client.GET("/v1/availability", { params: { query: { service_date, party_size } } })`
 * answers `{ data, error, response }`, `data` typed by the operation's success and `error` by its error
 * envelope.
 */
export function createClient(options: ClientOptions): ReservationsClient {
  if (!options.apiKey) throw new TypeError("createClient: apiKey is required");
  if (!options.baseUrl) throw new TypeError("createClient: baseUrl is required");
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch,
    // The API reads a list as one comma-separated value (`expand=guest,events`); a repeated
    // parameter is a 400.
    querySerializer: { array: { style: "form", explode: false } },
  });
  client.use(reservationsMiddleware(options));
  return client;
}

/** The middleware `createClient` installs, for a client made with openapi-fetch's own `createClient`. */
export function reservationsMiddleware(options: ClientOptions): Middleware {
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryWait = (options.maxRetryWait ?? 60) * 1000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // The request as first sent, kept (cloned before fetch reads its body) to be sent again.
  const sent = new Map<string, Request>();

  async function retry(
    original: Request,
    send: (request: Request) => Promise<Response>,
    first: Response | unknown,
  ): Promise<Response | unknown> {
    let outcome = first;
    for (let attempt = 1; attempt <= maxRetries; attempt++) {
      const response = outcome instanceof Response ? outcome : undefined;
      if (response && !retryable(response.status)) break;
      const delay = response ? waitFor(response, attempt) : backoff(attempt);
      if (delay > maxRetryWait) break;
      options.onRetry?.({ attempt, delay, status: response?.status, error: response ? undefined : outcome, request: original });
      await response?.body?.cancel();
      await sleep(delay);
      try {
        // The same request, its Idempotency-Key included: a write whose answer was lost is replayed,
        // not made twice.
        outcome = await send(original.clone());
      } catch (error) {
        outcome = error;
      }
    }
    return outcome;
  }

  return {
    async onRequest({ request, id }) {
      request.headers.set("Authorization", `Bearer ${options.apiKey}`);
      if (options.version && !request.headers.has("Service-Version")) request.headers.set("Service-Version", options.version);
      if (WRITES.has(request.method) && !request.headers.has("Idempotency-Key")) {
        request.headers.set("Idempotency-Key", randomUUID());
      }
      if (maxRetries > 0) sent.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id, options: fetchOptions }) {
      const original = sent.get(id);
      sent.delete(id);
      if (!original || !retryable(response.status)) return response;
      const outcome = await retry(original, (request) => fetchOptions.fetch(request), response);
      if (outcome instanceof Response) return outcome;
      throw outcome;
    },
    async onError({ error, id, options: fetchOptions }) {
      const original = sent.get(id);
      sent.delete(id);
      if (!original) return error instanceof Error ? error : new Error(String(error));
      const outcome = await retry(original, (request) => fetchOptions.fetch(request), error);
      if (outcome instanceof Response) return outcome;
      return outcome instanceof Error ? outcome : new Error(String(outcome));
    },
  };
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` (seconds, or an HTTP date) when the answer has one, else exponential backoff. */
function waitFor(response: Response, attempt: number): number {
  const header = response.headers.get("Retry-After");
  if (header !== null) {
    if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return backoff(attempt);
}

/** Exponential backoff with full jitter: a random wait up to 0.5 s, 1 s, 2 s... capped at 8 s. */
function backoff(attempt: number): number {
  return Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
}
