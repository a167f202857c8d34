/**
 * reservations-client: the Restaurant Reservation API (/v1) from TypeScript.
 *
 *     import { createClient, paginate, verifyWebhook } from "reservations-client";
 *     const client = createClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.BASE_URL! });
 *     const { data, error } = await client.GET("/v1/availability", { params: { query: { service_date, party_size } } });
 *
 * `paths` and `components` (./schema.ts) are generated from the service's OpenAPI document by
 * openapi-typescript (`make client`); everything else here is written by hand.
 */
export { createClient, reservationsMiddleware, type ClientOptions, type ReservationsClient, type RetryInfo } from "./client.js";
export { ApiError, type ErrorDetail, type Violation } from "./errors.js";
export { paginate, type ListItem, type ListPath, type PaginateOptions } from "./paginate.js";
export type { components, operations, paths } from "./schema.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from "./webhooks.js";
