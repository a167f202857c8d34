/** A refusal of the API as an exception, for the helpers that throw (`paginate`). */
import type { components } from "./schema.js";

export type ErrorDetail = components["schemas"]["ErrorDetail"];
export type Violation = components["schemas"]["Violation"];

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param?: string;
  readonly docUrl?: string;
  readonly violations: Violation[];
  readonly requestId: string | null;

  constructor(response: Response, body: unknown) {
    const detail = (body as { error?: ErrorDetail } | undefined)?.error;
    super(detail?.message ?? `HTTP ${response.status}`);
    this.name = "ApiError";
    this.status = response.status;
    this.type = detail?.type ?? "api_error";
    this.code = detail?.code ?? "unknown";
    this.param = detail?.param;
    this.docUrl = detail?.doc_url;
    this.violations = detail?.violations ?? [];
    this.requestId = response.headers.get("X-Request-Id");
  }
}
