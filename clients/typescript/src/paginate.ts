/**
 * `paginate(client, "/v1/reservations", { query })`: every item of a list endpoint, page after page.
 * A list answers `{ object: "list", data, has_more }`; the next page starts after the last item's id
 * (`starting_after`), so it needs no count and never skips or repeats an item while pages are read.
 */
import type { ReservationsClient } from "./client.js";
import { ApiError } from "./errors.js";
import type { paths } from "./schema.js";

type ListEnvelope = { data: unknown[]; has_more: boolean };

/** The paths whose GET answers a list envelope. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { "application/json": ListEnvelope } } } } }
    ? P
    : never;
}[keyof paths];

type ListGet<P extends ListPath> = paths[P]["get"];
type Parameters<P extends ListPath> = ListGet<P> extends { parameters: infer T } ? T : never;

/** An item of the list at `P` (`Reservation` for `/v1/reservations`). */
export type ListItem<P extends ListPath> = ListGet<P>["responses"][200]["content"]["application/json"]["data"][number];

export interface PaginateOptions<P extends ListPath> {
  /** Filters and `limit` (the page size); the cursors are the iterator's. */
  query?: Omit<NonNullable<Parameters<P> extends { query?: infer Q } ? Q : never>, "starting_after" | "ending_before">;
  /** The path's own parameters (`{ reservation_id }` of a reservation's events). */
  path?: Parameters<P> extends { path: infer T } ? T : never;
}

/** Iterates every item; throws `ApiError` when a page is refused. */
export async function* paginate<P extends ListPath>(
  client: ReservationsClient,
  path: P,
  options: PaginateOptions<P> = {},
): AsyncGenerator<ListItem<P>, void, undefined> {
  let startingAfter: string | undefined;
  for (;;) {
    const query = { ...(options.query ?? {}), ...(startingAfter ? { starting_after: startingAfter } : {}) };
    // The typed GET does not follow a path chosen by a type parameter: the call is checked by PaginateOptions.
    const get = client.GET as unknown as (path: string, init: object) => Promise<{ data?: ListEnvelope; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, { params: { query, path: options.path } });
    if (!data) throw new ApiError(response, error);
    for (const item of data.data) yield item as ListItem<P>;
    if (!data.has_more || data.data.length === 0) return;
    startingAfter = (data.data[data.data.length - 1] as { id: string }).id;
  }
}
