/**
 * Generated from the service's OpenAPI document by openapi-typescript (clients/typescript/generate.mjs,
 * `make client`): do not edit.
 */
export interface paths {
    "/v1/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a key
         * @description Checks that a key is live. Any live key, any scope; returns no restaurant data. Draws on the read budget.
         *
         *     **Scope:** any live key, any scope.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the booking policy
         * @description The restaurant's booking policy: timezone, currency, languages, party sizes, booking window, guest fields. Read it once at start-up and revalidate with `If-None-Match`.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["configuration_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the seating areas
         * @description Every section row, in the restaurant's arrangement (position, then creation order); never paginated (`has_more` is false). Group rows by `group_id` before rendering a picker; render the seating step only when the configuration's `show_seating_preference` is true.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["sections_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one day's availability
         * @description The services of one date and the slots a party of this size can take. A projection of what was sellable at read time, not a promise: create and hold re-validate under a lock.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["availability_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability/months": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a month's availability
         * @description Every day of a month, in order: which party sizes can be seated, in which areas, and why a day offers nothing. No party size or section filter.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["availability_months_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reservations
         * @description Reservations of the restaurant, `service_date` descending, newest recorded first within a date; with `updated_since`, `(updated_at, id)` ascending. Includes card requests (`awaiting_guarantee`); excludes bookings part-way through a widget card step and unclaimed waitlist offers. Filters combine with AND.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["reservations_list"];
        put?: never;
        /**
         * Create a reservation
         * @description Books a slot (or converts a hold with `hold_id`). Every cap and table fit is re-validated under a lock, so an offered slot can still be refused. A 201 does not mean confirmed: read `status` (`confirmed`, `pending` when the slot needs approval, `awaiting_guarantee` when the guest must save a card). Draws on the write budget.
         *
         *     **Scope:** `reservations:write`.
         */
        post: operations["reservations_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reservations/{reservation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a reservation
         * @description The reservation as the key sees it (guest data only with `guests:read`).
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["reservations_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Modify a reservation
         * @description Changes the slot, party size, area, notes or company, or asks the guest for a card (`guarantee_request`). The booking does not block itself; its table is re-assigned, and if none fits the whole change rolls back. `status` can become `pending` when the new slot needs approval. Draws on the write budget.
         *
         *     **Scope:** `reservations:write`.
         */
        patch: operations["reservations_partial_update"];
        trace?: never;
    };
    "/v1/reservations/{reservation_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a reservation
         * @description Cancels any booking of the restaurant (not only the key's own); the recorded reason is `partner_api`, and the guest is told unless `partner_managed`. No body. Cancelling a cancelled booking is 200 with the same reservation. A hold is released with `DELETE /v1/holds/{id}`, not here. Draws on the write budget.
         *
         *     **Scope:** `reservations:write`.
         */
        post: operations["reservations_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reservations/{reservation_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a reservation's events
         * @description The reservation's lifecycle events, oldest first (`created_at` ascending, ties in written order). A booking awaiting its card guarantee has none yet.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["reservations_events_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List holds
         * @description Held, released and expired holds, newest first (`created_at` descending). Converted holds are absent (read them with their id).
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["holds_list"];
        put?: never;
        /**
         * Take a hold
         * @description Takes a slot off sale without booking it: the hold occupies a real table and counts against availability as a booking does. Every rule (capacity, cutoff, blocks, section) is checked now and not again at conversion, so `override` belongs here. Convert it with `POST /v1/reservations` and `hold_id` before `expires_at`. A basket hold lives 5 to 30 minutes (default 10), a commitment hold at most 48 hours. Draws on the write budget.
         *
         *     **Scope:** `reservations:write`.
         */
        post: operations["holds_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/holds/{hold_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a hold
         * @description Any hold of the restaurant, released, expired and converted ones too (a converted hold has `status` `converted` and names its `reservation`).
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["holds_retrieve"];
        put?: never;
        post?: never;
        /**
         * Release a hold
         * @description Hands a live hold back: its table is on sale again at once. No body. Releasing a released or expired hold is 200 with the same terminal hold. Draws on the write budget.
         *
         *     **Scope:** `reservations:write`.
         */
        delete: operations["holds_release"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/waitlist-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List waitlist entries
         * @description The restaurant's waitlist entries, `created_at` descending; with `updated_since`, `(updated_at, id)` ascending. Filters combine with AND. `notes` (the guest's own request) is present only when the key carries `guests:read`.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["waitlist_entries_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/waitlist-entries/{waitlist_entry_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a waitlist entry
         * @description Any entry of the restaurant, in any status. `notes` (the guest's own request) is present only when the key carries `guests:read`.
         *
         *     **Scope:** `reservations:read`.
         */
        get: operations["waitlist_entries_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/guests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List guests
         * @description The restaurant's guest book, `created_at` descending; with `updated_since`, `(updated_at, id)` ascending. Merged-away and erased profiles are not listed (an `id` batch naming a merged-away profile lists its survivor). Filters combine with AND.
         *
         *     **Scope:** `guests:read`.
         */
        get: operations["guests_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/guests/{guest_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a guest
         * @description One profile. The id of a profile merged into another returns the survivor, under the survivor's own id. An erased profile is not found.
         *
         *     **Scope:** `guests:read`.
         */
        get: operations["guests_retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Availability of one service date for one party size. */
        Availability: {
            /** @constant */
            object: "availability";
            /**
             * Format: date
             * @description As asked.
             */
            service_date: string;
            /** @description As asked. */
            party_size: number;
            /** @description The section filter applied (standing for its group), or null. */
            section_id: string | null;
            /** @description Day-level banner. */
            day_message: string | null;
            /** @description Nothing bookable; only a display-only message remains. */
            display_only: boolean;
            /** @description No service runs but `day_message` has the reason. */
            message_only: boolean;
            /** @description When set, `shifts` is empty. */
            closure: components["schemas"]["AvailabilityClosure"] | null;
            /** @description `[]` on a closed day. */
            shifts: components["schemas"]["AvailabilityShift"][];
        };
        /** @description A closure covering the date. */
        AvailabilityClosure: {
            /** @constant */
            object: "availability_closure";
            /** @description Name of the closure. */
            name: string | null;
            /** @description Message for guests. */
            guest_message: string | null;
            /**
             * Format: date
             * @description First closed date.
             */
            start_date: string;
            /**
             * Format: date
             * @description Last closed date (inclusive).
             */
            end_date: string;
        };
        /** @description One day of a month of availability. */
        AvailabilityDay: {
            /** @constant */
            object: "availability_day";
            /**
             * Format: date
             * @description The day.
             */
            date: string;
            /** @description Already gone (allowing for an overnight service still seating). */
            past: boolean;
            /** @description Beyond the booking window. */
            beyond_window: boolean;
            /** @description A closure covers the date. */
            closed: boolean;
            /** @description The closure when closed, else null. */
            closure: components["schemas"]["AvailabilityClosure"] | null;
            /** @description No service runs (closed, not sold out). */
            no_service: boolean;
            /** @description Staff note: open the day, offer no times. */
            message_only: boolean;
            /** @description Day-level banner. */
            day_message: string | null;
            /** @description Display-only day. */
            display_only: boolean;
            /** @description Every service past its cutoff or over. */
            booking_closed: boolean;
            /** @description Sizes seatable somewhere; empty with every flag false means fully booked. */
            party_sizes: number[];
            /** @description Empty when no seating choice is offered online. */
            sections: components["schemas"]["AvailabilitySection"][];
            /** @description Sizes that may join the queue (always empty while the widget is off). */
            waitlist_party_sizes: number[];
        };
        /** @description The card guarantee a booking of this party on this service is asked for. */
        AvailabilityGuarantee: {
            /** @constant */
            object: "availability_guarantee";
            /** @constant */
            mode: "imprint";
            /** @description ISO 4217. */
            currency: string;
            /** @description Smallest currency unit. */
            per_guest_amount: number;
            /** @description For the whole party, smallest currency unit. */
            amount: number;
            /** @description Free cancellation until this many hours before; null: always free. */
            cancel_hours: number | null;
        };
        /** @description Availability of every day of a month, in order (never sparse). */
        AvailabilityMonth: {
            /** @constant */
            object: "availability_month";
            /** @description `YYYY-MM`, as asked. */
            month: string;
            days: components["schemas"]["AvailabilityDay"][];
        };
        /** @description A seating area and the party sizes seatable in it on the date. */
        AvailabilitySection: {
            /** @constant */
            object: "availability_section";
            /** @description The section group id. */
            section_id: string;
            party_sizes: number[];
        };
        /** @description A service on the date, with the slots this party can take. */
        AvailabilityShift: {
            /** @constant */
            object: "availability_shift";
            /** @description The service's id. */
            id: string | null;
            /** @description In the requested `locale`. */
            name: string | null;
            /** @description In the requested `locale`. */
            guest_message: string | null;
            /**
             * @description First seating time.
             * @example 19:30
             */
            start_time: string | null;
            /**
             * @description End of the service.
             * @example 19:30
             */
            end_time: string | null;
            /** @description Minutes before start when online booking closes: 0 right up to start, -1 during the service, null no rule. Once passed, no slots and a create is refused `cutoff_passed`. */
            effective_cutoff_minutes: number | null;
            /** @description No online booking. */
            display_only: boolean;
            /** @description Cutoff or last seating passed; `slots` is then `[]`. */
            booking_closed: boolean;
            /** @description A booking is a request (lands `pending`). */
            requires_approval: boolean;
            /** @description Always false while the booking widget is switched off. */
            waitlist_open: boolean;
            /** @description Null: no card asked. */
            guarantee: components["schemas"]["AvailabilityGuarantee"] | null;
            /** @description Null: no party size on this service and date is asked for a card. */
            guarantee_from_party_size: number | null;
            slots: components["schemas"]["AvailabilitySlot"][];
            /** @description Render greyed and offer the queue. */
            unavailable_slots: string[];
            /** @description Section groups the service can be booked whole in; absence is a promise of refusal with `no_table_available_in_section`, presence is a maybe. */
            section_ids: string[];
        };
        /** @description A bookable start time. */
        AvailabilitySlot: {
            /** @constant */
            object: "availability_slot";
            /**
             * @description Start time on the service date.
             * @example 19:30
             */
            time: string;
            /** @description Null means unlimited, not zero. */
            available_covers: number | null;
            /** @description The slot's covers cap; null: none. */
            max_covers_per_slot: number | null;
        };
        /** @description The company a booking is filed under. */
        Company: {
            /** @constant */
            object: "company";
            /** @description The company's id. */
            id: string;
            /** @description The company's name. */
            name: string;
        };
        /** @description The restaurant's booking policy. Read once at start-up; revalidate with `If-None-Match`. */
        Configuration: {
            /** @constant */
            object: "configuration";
            restaurant: components["schemas"]["RestaurantReference"];
            /**
             * Format: uri
             * @description Absolute address of the hosted booking page; append `/{modification_token}` for the guest's page.
             */
            booking_page_url: string;
            /** @description ISO 3166 alpha-2; phone numbers without country code are read against it. */
            country: string;
            /**
             * @description IANA zone of every date and time.
             * @example Europe/Paris
             */
            timezone: string;
            /** @description ISO 4217 of every amount. */
            currency: string;
            /**
             * @description Language of restaurant text.
             * @enum {string}
             */
            primary_language: "fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi";
            /** @description Primary first; the exact set `locale` accepts. */
            guest_languages: ("fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi")[];
            /** @description Online policy, not a promise of a table; null: no limit. */
            min_party_size: number | null;
            /** @description Online policy, not a promise of a table; null: no limit. */
            max_party_size: number | null;
            /** @description Suggested size, between min and max. */
            default_party_size: number;
            /**
             * Format: date
             * @description Today in the restaurant's timezone.
             */
            current_date: string;
            /** @description Booking window in days; null: none. */
            max_advance_days: number | null;
            /**
             * Format: date
             * @description `current_date + max_advance_days`; null when that is null.
             */
            last_service_date: string | null;
            /** @description House default only: 0 up to start, -1 during service, null no rule. */
            default_cutoff_minutes: number | null;
            /** @description Advisory: render a seating step. */
            show_seating_preference: boolean;
            /** @description Advisory, not enforced by the API. */
            require_guest_email: boolean;
            /** @description Advisory, not enforced by the API. */
            require_guest_phone: boolean;
            /** @description Null: no booking is asked for a card; a number is a maybe. */
            card_guarantee_from_party_size: number | null;
            /** @description Guest fields a create must carry or be refused `guest_fields_required` (not with `guest_id`). */
            required_guest_fields: ("email" | "phone" | "first_name" | "last_name")[];
        };
        /** @description The envelope of every failure. */
        Error: {
            error: components["schemas"]["ErrorDetail"];
        };
        /** @description What went wrong. */
        ErrorDetail: {
            /**
             * @description `invalid_request_error` (400, 403, 404, 405, 409, 415, 422), `authentication_error` (401), `rate_limit_error` (429), `api_error` (500, 502).
             * @enum {string}
             */
            type: "invalid_request_error" | "authentication_error" | "rate_limit_error" | "api_error";
            /**
             * @description Stable machine code; branch on it.
             * @example booking_rules_violated
             */
            code: string;
            /** @description English, for logs; never match on it or show it to guests. */
            message: string;
            /** @description The offending request parameter; absent (not null) when none. */
            param?: string;
            /**
             * Format: uri
             * @description `{docs_url}/api/errors#<code>`; always present.
             */
            doc_url: string;
            /** @description Only on `booking_rules_violated`, even for a single rule. */
            violations?: components["schemas"]["Violation"][];
        };
        /** @description The card guarantee of a booking. */
        Guarantee: {
            /** @constant */
            object: "guarantee";
            /**
             * @description `imprint`: a saved card charged only on no-show or late cancellation; `prepayment`: reserved, never issued today.
             * @enum {string}
             */
            kind: "imprint" | "prepayment";
            /** @enum {string|null} */
            status: "requested" | "active" | "charged" | "refunded" | "released" | "failed" | null;
            /** @description In the smallest unit of `currency`. */
            amount: number | null;
            /** @description ISO 4217. */
            currency: string | null;
            /**
             * Format: date-time
             * @description Deadline for saving the card, set on a requested guarantee.
             */
            expires_at: string | null;
        };
        /** @description A guest profile of the restaurant's guest book (needs `guests:read` wherever it appears). */
        Guest: {
            /** @constant */
            object: "guest";
            /** @description The id of a merged-away profile resolves to the survivor, under its own id. */
            id: string;
            /** @description A profile has a first or last name or both. */
            first_name: string | null;
            /** @description Always present as a key. */
            last_name: string | null;
            /** @description Primary address, trimmed and lower-cased. */
            email: string | null;
            /** @description E.164 when parsable for the restaurant's country, else as entered without separators. */
            phone: string | null;
            /** @description The restaurant's own notes on the profile, not the guest's. */
            notes: string | null;
            /** @description A flag only; does not by itself refuse a booking. */
            blacklisted: boolean;
            /** @description Why the guest is blacklisted. */
            blacklist_reason: string | null;
            /** @description `[]` when none. */
            dietary_preferences: string[];
            /** @description `[]` when none. */
            allergies: string[];
            /**
             * Format: date
             * @description The guest's birthday.
             */
            birthday: string | null;
            /**
             * Format: date
             * @description The guest's anniversary.
             */
            anniversary: string | null;
            /** @description Whether the guest is a VIP. */
            vip: boolean;
            /**
             * @description ISO 639-1.
             * @enum {string|null}
             */
            language: "fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi" | null;
            /** @enum {string} */
            source: "manual" | "widget" | "import" | "host_assertion" | "api" | "website_newsletter";
            /** @description Consent to marketing e-mail. */
            marketing_email_consent: boolean;
            /**
             * Format: date-time
             * @description When the consent last became true.
             */
            marketing_email_consent_at: string | null;
            /** @description Consent to marketing SMS. */
            marketing_sms_consent: boolean;
            /**
             * Format: date-time
             * @description When the consent last became true.
             */
            marketing_sms_consent_at: string | null;
            /** @description Bookings ended `seated`, `partially_seated` or `completed`; recomputed hourly. */
            visit_count: number;
            /** @description Recomputed like `visit_count`. */
            no_show_count: number;
            /** @description Only cancelled bookings whose time has passed. */
            cancellation_count: number;
            /**
             * Format: date-time
             * @description First visit.
             */
            first_visit_at: string | null;
            /**
             * Format: date-time
             * @description Last visit.
             */
            last_visit_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            updated_at: string;
        };
        /** @description The guest, matched against the guest book by e-mail and phone. */
        GuestInputRequest: {
            first_name?: string | null;
            last_name?: string | null;
            /** @description E-mail address (it contains `@`; blank means none); needed on a slot with a card guarantee. */
            email?: string | null;
            /** @description Phone number; normalised to E.164 against the restaurant's country. */
            phone?: string | null;
            /** @enum {string|null} */
            language?: "fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi" | null;
        } & (({
            first_name: string;
        } | {
            last_name: string;
        }) & {
            email?: unknown | unknown;
        });
        /** @description A page of guest profiles. */
        GuestList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["Guest"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
        /** @description A claim on a slot that occupies a real table and counts against availability as a booking does. */
        Hold: {
            /** @constant */
            object: "hold";
            /** @description The hold's id; its reservation keeps the suffix (`hold_X` becomes `resv_X`). */
            id: string;
            /** @enum {string} */
            kind: "basket" | "commitment";
            /** @enum {string} */
            status: "held" | "expired" | "released" | "converted";
            /** @description Guests. */
            party_size: number;
            /**
             * Format: date
             * @description Restaurant timezone.
             */
            service_date: string;
            /**
             * Format: date-time
             * @description Start of the seating, not the deadline. ISO 8601 with the restaurant's UTC offset, second precision.
             */
            starts_at: string;
            /**
             * Format: date-time
             * @description Null when no seating duration applies.
             */
            ends_at: string | null;
            /**
             * Format: date-time
             * @description Authoritative deadline set by the server; null once the hold is over.
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description When released or lapsed; null while live and after conversion.
             */
            ended_at: string | null;
            /** @description The reservation the hold became. */
            reservation: string | null;
            /** @description Occupied tables. */
            tables: components["schemas"]["Table"][];
            /** @description Carried onto the booking on conversion (converting an exempt hold needs `reservations:write:override`). */
            excluded_from_shift_limits: boolean;
            /** @description The integrator's own data: at most 50 keys of up to 40 characters; values are strings of at most 500 characters, numbers, booleans or null. Echoed verbatim; carried from a hold to its reservation; readable by every integration of the restaurant. */
            metadata: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            updated_at: string;
        };
        /** @description Take a slot off sale. */
        HoldCreateRequest: {
            /**
             * Format: date
             * @description Restaurant timezone.
             */
            service_date: string;
            /**
             * @description A slot time offered by availability for that date.
             * @example 19:30
             */
            start_time: string;
            /** @description Guests. */
            party_size: number;
            /**
             * @description Default `basket`.
             * @enum {string}
             */
            kind?: "basket" | "commitment";
            /**
             * Format: date-time
             * @description Requested deadline; clamped, never refused (basket 5 to 30 minutes, default 10; commitment at most 48 hours). Not part of what the Idempotency-Key identifies.
             */
            expires_at?: string | null;
            /** @description Hold in one area (its whole group). */
            section_id?: string | null;
            /** @description The integrator's own data: at most 50 keys of 1 to 40 characters; values are strings of at most 500 characters, numbers, booleans or null (no nested objects or arrays). Echoed verbatim. */
            metadata?: {
                [key: string]: string | number | boolean | null;
            } | null;
            /** @description Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400 with `param: override`. */
            override?: ("party_size_too_small" | "party_size_too_large" | "advance_window_exceeded" | "cutoff_passed" | "slot_no_longer_available" | "guarantee_required")[] | null;
            /** @description True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing. */
            excluded_from_shift_limits?: boolean;
        };
        /** @description A page of holds, newest first. */
        HoldList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["Hold"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
        /** @description Answer of the key check; `ok` is always true: check the status code. */
        Ping: {
            /** @constant */
            object: "ping";
            /** @constant */
            ok: true;
        };
        /** @description A party booked onto a table for one service on one service date. */
        Reservation: {
            /** @constant */
            object: "reservation";
            /** @description Permanent. A booking converted from a hold keeps the hold's suffix. */
            id: string;
            /**
             * @description `held` and `awaiting_guest` are never served. A late party keeps its stored status.
             * @enum {string}
             */
            status: "awaiting_guarantee" | "pending" | "confirmed" | "partially_seated" | "seated" | "completed" | "cancelled" | "no_show";
            /**
             * @description Mechanism that created it.
             * @enum {string}
             */
            source: "manual" | "widget" | "walk_in" | "import" | "waitlist" | "api";
            /**
             * @description Channel the demand arrived through (a converted hold has `api`).
             * @enum {string}
             */
            booking_channel: "back_office" | "website_widget" | "phone" | "walk_in" | "google_reserve" | "partner_platform" | "api";
            /** @description Guests. */
            party_size: number;
            /**
             * Format: date
             * @description Restaurant timezone; a seating after midnight keeps the date its service began on.
             */
            service_date: string;
            /**
             * Format: date-time
             * @description When the party is due. ISO 8601 with the restaurant's UTC offset, second precision.
             */
            starts_at: string;
            /**
             * Format: date-time
             * @description Null when no seating duration applies.
             */
            ends_at: string | null;
            /** @description The guest's own request. Guest data: present only when the key carries `guests:read`, absent (never null) otherwise. */
            guest_notes?: string | null;
            /**
             * @description `partner_managed`: no discretionary guest messages are sent (a cancel too). Fixed for the booking's life. The list is open: tolerate other values.
             * @example service_managed
             * @example partner_managed
             */
            guest_notifications: string;
            /** @description True: neither charged to nor refused by the shift covers caps; still holds its table. */
            excluded_from_shift_limits: boolean;
            /** @description Null means the guest profile's address is used. Guest data: present only when the key carries `guests:read`, absent (never null) otherwise. */
            contact_email?: string | null;
            /** @description Null means the guest profile's number is used. Guest data: present only when the key carries `guests:read`, absent (never null) otherwise. */
            contact_phone?: string | null;
            /** @description The restaurant's private note, never shown to the guest. Guest data: present only when the key carries `guests:read`, absent (never null) otherwise. */
            internal_notes?: string | null;
            /** @description The `gst_` id; the full guest with `expand=guest`. */
            guest: string | components["schemas"]["Guest"];
            /** @description Always present; null when filed under no company. */
            company: components["schemas"]["Company"] | null;
            /** @description `[]` while no table is assigned. */
            tables: components["schemas"]["Table"][];
            /** @description Card guarantee; null when none; always present. */
            guarantee: components["schemas"]["Guarantee"] | null;
            /** @description The integrator's own data: at most 50 keys of up to 40 characters; values are strings of at most 500 characters, numbers, booleans or null. Echoed verbatim; carried from a hold to its reservation; readable by every integration of the restaurant. */
            metadata: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description What `updated_since` compares against. ISO 8601 with the restaurant's UTC offset, second precision.
             */
            updated_at: string;
            /** @description Only with `expand=modification_token` (needs `guests:read`): `{booking_page_url}/{modification_token}` opens the guest's own booking page, as the guest. */
            modification_token?: string;
            /** @description Only with `expand=events`: the lifecycle events, oldest first. */
            events?: components["schemas"]["ReservationEvent"][];
        };
        /** @description A booking: the slot (or `hold_id`) and the guest (or `guest_id`). */
        ReservationCreateRequest: {
            /**
             * Format: date
             * @description Required unless `hold_id` is sent (then it must match the hold).
             */
            service_date?: string | null;
            /**
             * @description A time availability offered.
             * @example 19:30
             */
            start_time?: string | null;
            /** @description Guests. */
            party_size?: number | null;
            guest?: components["schemas"]["GuestInputRequest"] | null;
            /** @description An existing profile instead of `guest`; `required_guest_fields` then does not apply. */
            guest_id?: string | null;
            /** @description Converts this hold; the reservation keeps its suffix. */
            hold_id?: string | null;
            /** @description Book in one area (its whole group). */
            section_id?: string | null;
            guest_notes?: string | null;
            internal_notes?: string | null;
            /**
             * @description Default `service_managed`.
             * @enum {string|null}
             */
            guest_notifications?: "service_managed" | "partner_managed" | null;
            /** @description File under this company; unknown is 404 naming it. */
            company_id?: string | null;
            /** @description The integrator's own data: at most 50 keys of 1 to 40 characters; values are strings of at most 500 characters, numbers, booleans or null (no nested objects or arrays). Echoed verbatim. */
            metadata?: {
                [key: string]: string | number | boolean | null;
            } | null;
            /** @description Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400 with `param: override`. */
            override?: ("party_size_too_small" | "party_size_too_large" | "advance_window_exceeded" | "cutoff_passed" | "slot_no_longer_available" | "guarantee_required")[] | null;
            /** @description True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing. */
            excluded_from_shift_limits?: boolean | null;
            /** @description Books every table of the section group; needs `reservations:write:override` (checked before the section is looked up); sets `excluded_from_shift_limits` by default. */
            entire_section_id?: string | null;
        } & (({
            guest: unknown;
        } | {
            guest_id: unknown;
        }) & ({
            hold_id: unknown;
            section_id?: null;
            entire_section_id?: null;
            /** @enum {unknown} */
            excluded_from_shift_limits?: false | null;
        } | {
            service_date: unknown;
            start_time: unknown;
            party_size: unknown;
            hold_id?: null;
        }));
        /** @description A lifecycle event of a reservation. */
        ReservationEvent: {
            /** @constant */
            object: "reservation_event";
            /** @description Not the id of the webhook event announcing the same change. */
            id: string;
            /** @enum {string} */
            type: "reservation.created" | "reservation.pending" | "reservation.confirmed" | "reservation.declined" | "reservation.updated" | "reservation.partially_seated" | "reservation.seated" | "reservation.completed" | "reservation.cancelled" | "reservation.no_show" | "reservation.guarantee_requested" | "reservation.guarantee_charged" | "reservation.guarantee_refunded" | "reservation.guarantee_released" | "reservation.guarantee_payment_failed";
            /**
             * Format: date-time
             * @description When it happened. ISO 8601 with the restaurant's UTC offset, second precision.
             */
            created_at: string;
            /** @description Open key set, keyed per type: statuses as `from_status`/`to_status`, field edits under `changes`, `overrides_accepted` when overrides waived something; on `reservation.cancelled`, `cancellation_reason` (`partner_api`, `guest_self_service`, `guarantee_expired` or the restaurant's own text). Guest-data keys (`contact_email`, `contact_phone`, `guest_notes` inside `changes`; `submitted_guest_name`, `submitted_email`, `submitted_phone` on `reservation.created`) appear only when the key carries `guests:read`. */
            data: {
                [key: string]: unknown;
            };
        };
        /** @description A page of a reservation's events, oldest first. */
        ReservationEventList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["ReservationEvent"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
        /** @description Ask the guest for a card now; `{}` asks on the restaurant's terms. */
        ReservationGuaranteeRequest: {
            /** @description Smallest currency unit; must be above zero (else 422 `guarantee_amount_invalid`). */
            amount?: number | null;
            /** @description Hours to save a card; default 48, clamped. */
            deadline_hours?: number | null;
            /** @description Cancel the booking when the deadline passes unpaid; default true. */
            cancel_on_expiry?: boolean | null;
        };
        /** @description A page of reservations. */
        ReservationList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["Reservation"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
        /** @description A partial change: a field not sent is unchanged, a field sent as null is cleared. */
        ReservationModifyRequest: {
            /**
             * Format: date
             * @description New date.
             */
            service_date?: string;
            /**
             * @description A time availability offered.
             * @example 19:30
             */
            start_time?: string;
            /** @description Guests; the booking does not block itself. */
            party_size?: number;
            /** @description Preferred area; null clears it. */
            section_id?: string | null;
            guest_notes?: string | null;
            /** @description The restaurant's note; written even without `guests:read`. */
            internal_notes?: string | null;
            /** @description Null files under no company. */
            company_id?: string | null;
            /** @description Rule codes to waive; non-empty needs `reservations:write:override` (403 `insufficient_scope`, `param: override`). A code that cannot be waived is 400 with `param: override`. */
            override?: ("party_size_too_small" | "party_size_too_large" | "advance_window_exceeded" | "cutoff_passed" | "slot_no_longer_available" | "guarantee_required")[] | null;
            /** @description True: not charged to nor refused by the shift covers caps (needs `reservations:write:override`, refused with `param: excluded_from_shift_limits`); false needs nothing. */
            excluded_from_shift_limits?: boolean;
            guarantee_request?: components["schemas"]["ReservationGuaranteeRequest"] | null;
        };
        /** @description The restaurant the key resolves to. */
        RestaurantReference: {
            /** @constant */
            object: "restaurant";
            /** @description The restaurant's id. */
            id: string;
            /** @description The restaurant's name. */
            name: string;
        };
        /** @description A seating area of a floor plan. Rows sharing a `group_id` are one choice to a guest. */
        Section: {
            /** @constant */
            object: "section";
            /** @description Accepted as `section_id` anywhere; any member of a group resolves to the group. */
            id: string;
            /** @description In the restaurant's `primary_language`. */
            name: string;
            /** @enum {string} */
            area_type: "indoor" | "outdoor" | "terrace" | "bar" | "lounge" | "private_room" | "patio" | "rooftop";
            /** @description Per row, not cascaded between group members; offer a group when any is. */
            bookable_online: boolean;
            /** @description Rows sharing it are one choice; exactly one row per group has `group_id == id` and names the group. */
            group_id: string;
        };
        /** @description The restaurant's sections in its arrangement; never paginated. */
        SectionList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["Section"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
        /** @description A table of the floor plan. */
        Table: {
            /** @constant */
            object: "table";
            /** @description The table's id. */
            id: string;
            /** @description Name on the floor plan. */
            name: string;
            /** @description Never null. */
            min_capacity: number;
            /** @description Never below `min_capacity`; larger parties need joined tables. */
            max_capacity: number;
            /** @description The seating area of the table. */
            section: components["schemas"]["Section"];
        };
        /** @description A booking rule the request breaks. Documentation: `{docs_url}/api/errors#<code>`. */
        Violation: {
            /**
             * @description Unique within a response.
             * @enum {string}
             */
            code: "no_service_at_this_time" | "start_time_off_grid" | "party_size_too_small" | "party_size_too_large" | "advance_window_exceeded" | "cutoff_passed" | "slot_no_longer_available" | "guarantee_required" | "date_in_past" | "no_table_available" | "no_table_available_in_section" | "section_occupied";
            /** @description English, fixed per code (no figures, except `start_time_off_grid` naming the times); for logs. */
            message: string;
            /** @description The request field to change, when one field is at fault. */
            param?: string;
            /** @description Whether `override` with this code (and the override scope) waives it. */
            overridable: boolean;
            /** @description On `section_occupied` only: one entry per occupied table. */
            conflicts?: components["schemas"]["ViolationConflict"][];
        };
        /** @description A table of the section occupied at the requested time. */
        ViolationConflict: {
            table: components["schemas"]["Table"];
            /**
             * @description Start of the occupation.
             * @example 19:30
             */
            start_time: string;
            /**
             * @description End of the occupation.
             * @example 19:30
             */
            end_time: string;
        };
        /** @description A party waiting for a table on a service date, within a window of times. */
        WaitlistEntry: {
            /** @constant */
            object: "waitlist_entry";
            /** @description The entry's id. */
            id: string;
            /**
             * @description `active` waiting; `offered` a place offered, the offer open; `suggested` proposed to staff (a table freed up in its window); `promoted` became a booking (`reservation`); `cancelled`; `expired` (its service passed or its offer ran out).
             * @enum {string}
             */
            status: "active" | "offered" | "suggested" | "promoted" | "cancelled" | "expired";
            /** @enum {string} */
            joined_via: "widget" | "staff" | "partner_platform";
            /**
             * Format: date
             * @description Restaurant timezone.
             */
            service_date: string;
            /** @description Guests. */
            party_size: number;
            /**
             * @description Earliest wanted time, `HH:MM` on the service date (see the offset).
             * @example 19:30
             */
            window_start: string;
            /**
             * @description Latest wanted time; at or after `window_start` once offsets apply.
             * @example 19:30
             */
            window_end: string;
            /** @description 0 = the service date, 1 = the post-midnight tail of its service (a window 23:30 to 00:30 has end offset 1). */
            window_start_day_offset: number;
            /** @description 0 = the service date, 1 = the post-midnight tail of its service (a window 23:30 to 00:30 has end offset 1). */
            window_end_day_offset: number;
            /** @description The service's name as recorded when the guest joined. */
            shift_name: string | null;
            /**
             * @description The service's start as recorded when the guest joined.
             * @example 19:30
             */
            shift_start_time: string | null;
            /**
             * @description The service's end as recorded when the guest joined.
             * @example 19:30
             */
            shift_end_time: string | null;
            /** @description The guest's own request. Guest data: present only when the key carries `guests:read`, absent (never null) otherwise. */
            notes?: string | null;
            /** @description The booking the entry became; null while an offer is open. */
            reservation: string | null;
            /** @description The `gst_` id; the full guest with `expand=guest` (needs `guests:read`). */
            guest: string | components["schemas"]["Guest"];
            /**
             * Format: date-time
             * @description ISO 8601 with the restaurant's UTC offset, second precision.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description What `updated_since` compares against. ISO 8601 with the restaurant's UTC offset, second precision.
             */
            updated_at: string;
        };
        /** @description A page of waitlist entries. */
        WaitlistEntryList: {
            /** @constant */
            object: "list";
            /** @description The page, in the list's order. */
            data: components["schemas"]["WaitlistEntry"][];
            /** @description Whether more objects follow this page. There is no total count. */
            has_more: boolean;
        };
    };
    responses: {
        /** @description `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). */
        BadRequest: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). Any body: this operation takes none (the first field is named in `param`). */
        BadRequestNoBody: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). Any body: this operation takes none (the first field is named in `param`). `idempotency_key_invalid` (`param: Idempotency-Key`): the key is empty, longer than 255 characters or contains control characters. */
        BadRequestNoBodyKey: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `plan_required`: the restaurant's plan does not include API access. */
        Forbidden: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `guests:read`; the endpoint is out of reach. */
        ForbiddenGuestsRead: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:read`; the endpoint is out of reach. */
        ForbiddenReservationsRead: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:read`; the endpoint is out of reach. `insufficient_scope` with `param: expand`: a guest-data expansion needs `guests:read`. */
        ForbiddenReservationsReadGuestExpand: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:write`; the endpoint is out of reach. */
        ForbiddenReservationsWrite: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; the first response is not replayed. */
        IdempotencyKeyReused: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `rate_limited` (type `rate_limit_error`): the restaurant's read budget, shared by all its keys, is spent. Wait `Retry-After` seconds. */
        RateLimitedRead: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `rate_limited` (type `rate_limit_error`): the restaurant's write budget, shared by all its keys, is spent. Wait `Retry-After` seconds. `lock_timeout` (type `rate_limit_error`): another write of the restaurant held its lock too long; nothing was written. Retry after `Retry-After` seconds. */
        RateLimitedWrite: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `api_error` (type `api_error`): a fault on the service side; nothing was changed or remembered. */
        ServerError: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `auth_header_missing`: no `Authorization: Bearer` header. `invalid_token`: the key is invalid, revoked, expired or unknown. Type `authentication_error`; resending the same key cannot succeed. */
        Unauthorized: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `unsupported_media_type`: a body was sent without `Content-Type: application/json` (another type, a charset other than UTF-8, or none). A request without a body needs no `Content-Type`. */
        UnsupportedMediaType: {
            headers: {
                "Service-Version": components["headers"]["ServiceVersion"];
                "X-Request-Id": components["headers"]["RequestId"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "RateLimit-Resource": components["headers"]["RateLimitResource"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Strong validator of the body; send it back in `If-None-Match` to revalidate. */
        ETag: string;
        /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key`; absent on a first execution. */
        IdempotentReplayed: "true";
        /** @description Path of the created object. */
        Location: string;
        /** @description Burst size of the budget the request drew on. Present once the key is authenticated (not on a 401). */
        RateLimitLimit: number;
        /** @description Requests left in the burst. */
        RateLimitRemaining: number;
        /** @description Seconds until the bucket is full again. */
        RateLimitReset: number;
        /** @description The budget drawn on: `read` (all reads) or `write` (create, modify, cancel, holds). */
        RateLimitResource: "read" | "write";
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The API version applied to the request (the header sent, else the key's pinned version). */
        ServiceVersion: string;
        /** @description The scheme to authenticate with: `Bearer`. */
        WWWAuthenticate: string;
        /** @description Unique per request; echoes a sent `X-Request-Id` when it is 1 to 200 of `A-Za-z0-9._:-`. */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is live. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    configuration_retrieve: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description An `ETag` received earlier: 304 with no body while it still matches. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration of the key's restaurant. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Configuration"];
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` still matches. No body. */
            304: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    sections_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description An `ETag` received earlier: 304 with no body while it still matches. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sections. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SectionList"];
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` still matches. No body. */
            304: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    availability_retrieve: {
        parameters: {
            query: {
                /** @description The service date, `YYYY-MM-DD`, restaurant timezone. */
                service_date: string;
                /** @description Slots, caps and guarantee are resolved for this party size. */
                party_size: number;
                /** @description Only this seating area (resolves to its whole group); unknown is 400. */
                section_id?: string;
                /** @description Answer as if this hold or reservation did not exist (to move it). It must be an id the key could fetch, else 404 with `param: excluding`; a value of neither shape is 400. Varies the `ETag`. */
                excluding?: string;
                /** @description Language of guest-facing text; must be one of the configuration's `guest_languages` (else 400 with `param: locale`). Defaults to `primary_language`. Varies the `ETag`. */
                locale?: "fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi";
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description An `ETag` received earlier: 304 with no body while it still matches. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The day's availability. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` still matches. No body. */
            304: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `bad_request`: `service_date` or `party_size` missing or malformed; an unknown `section_id`; `excluding` neither a `hold_` nor a `resv_` id; `locale` not a guest language (each named in `param`).
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            /** @description `not_found` with `param: excluding`: the key could not fetch that hold or reservation. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    availability_months_retrieve: {
        parameters: {
            query: {
                /** @description The month, `YYYY-MM`. */
                month: string;
                /** @description Answer as if this hold or reservation did not exist (to move it). It must be an id the key could fetch, else 404 with `param: excluding`; a value of neither shape is 400. Varies the `ETag`. */
                excluding?: string;
                /** @description Language of guest-facing text; must be one of the configuration's `guest_languages` (else 400 with `param: locale`). Defaults to `primary_language`. Varies the `ETag`. */
                locale?: "fr" | "en" | "de" | "es" | "it" | "nl" | "pt" | "da" | "sv" | "no" | "fi";
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description An `ETag` received earlier: 304 with no body while it still matches. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The month's availability. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilityMonth"];
                };
            };
            /** @description Not modified: the `ETag` sent in `If-None-Match` still matches. No body. */
            304: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `bad_request`: `month` missing or not `YYYY-MM`; `excluding` neither a `hold_` nor a `resv_` id; `locale` not a guest language (each named in `param`).
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            /** @description `not_found` with `param: excluding`: the key could not fetch that hold or reservation. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_list: {
        parameters: {
            query?: {
                /** @description One status; a list or an unknown value (`late` included) is 400. `held` and `awaiting_guest` match nothing. */
                status?: "awaiting_guarantee" | "awaiting_guest" | "cancelled" | "completed" | "confirmed" | "held" | "no_show" | "partially_seated" | "pending" | "seated";
                /** @description One source. */
                source?: "api" | "import" | "manual" | "waitlist" | "walk_in" | "widget";
                /** @description Bookings of this guest (a merged-away id resolves to the survivor). */
                guest_id?: string;
                updated_since?: string;
                /** @description Comma-separated `resv_` ids, at most 100. */
                id?: string[];
                date?: string;
                "date[gte]"?: string;
                "date[lte]"?: string;
                /** @description Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). 0, negative or not an integer is 400. */
                limit?: number;
                /** @description Id of an object in the list: the page after it. An id the list cannot find is 400. */
                starting_after?: string;
                /** @description Id of an object in the list: the page just before it, still in list order. Ignored with `starting_after`; an id the list cannot find is 400. */
                ending_before?: string;
                /** @description Comma-separated objects to include: `events`: the reservation's lifecycle events, oldest first; `guest`: the full guest object instead of its id (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: ("events" | "guest")[];
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reservations. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationList"];
                };
            };
            /**
             * @description `bad_request`: a filter value that is unknown or malformed (named in `param`); `service_date` is not a filter (use `date`); a cursor the list cannot find.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsReadGuestExpand"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_create: {
        parameters: {
            query?: {
                /** @description Comma-separated objects to include: `guest`: the full guest object instead of its id (needs `guests:read`); `modification_token`: the token of the guest's own booking page, `{booking_page_url}/{modification_token}` (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: ("guest" | "modification_token")[];
            };
            header?: {
                /** @description Required: a missing key is 400 `idempotency_key_invalid`. A retry with the same key replays the first successful response (header `Idempotent-Replayed: true`); remembered 72 hours, scoped to the restaurant. A refusal is not remembered, so resend a refused request (for example with `override`) under the same key. The same key with a different request (query string included) is 422 `idempotency_key_reused`. At most 255 characters, no control characters. */
                "Idempotency-Key"?: string;
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReservationCreateRequest"];
            };
        };
        responses: {
            /** @description The reservation, as this key reads it. */
            201: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reservation"];
                };
            };
            /**
             * @description `bad_request`: the slot fields missing without `hold_id`; `guest` and `guest_id` both or neither; a guest with neither first nor last name; a code in `override` that cannot be waived (`param: override`); a slot field that differs from the hold's, or a field the hold fixed.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). A body that is not a JSON object, is nested too deep or is larger than 1 MiB; an unknown field, or a field of the wrong type or value (named in `param`); any body field sent in the query string. `idempotency_key_invalid` (`param: Idempotency-Key`): the key is missing, empty, longer than 255 characters or contains control characters.
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description `insufficient_scope` with `param` `override` (non-empty), `excluded_from_shift_limits` (true) or `entire_section_id`: the field needs `reservations:write:override`; drop it and retry. `insufficient_scope` with `param: hold_id`: converting a hold exempt from the shift limits needs the override scope.
             *
             *     `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:write`; the endpoint is out of reach. `insufficient_scope` with `param: expand`: a guest-data expansion needs `guests:read`.
             */
            403: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found` naming `param`: `hold_id`, `guest_id`, `company_id`, `section_id` or `entire_section_id` is not an object of this restaurant. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `hold_already_converted` (`param: hold_id`): the hold already became a reservation. `hold_expired` / `hold_released` (`param: hold_id`): the hold is over; take a new one. */
            409: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description `booking_rules_violated`: one or more booking rules are broken; `violations` lists them (even a single one). Checks run in order: `no_service_at_this_time` alone, then `start_time_off_grid` alone, then all other rules together, then the table search (`no_table_available`, `no_table_available_in_section`, `section_occupied`). Resend once with the overridable codes in `override` (same Idempotency-Key) when the key may override. `guest_fields_required` (`param` names the first missing field, `guest[<field>]`; the message lists them all): the guest lacks a field of `required_guest_fields`. `email_required_for_guarantee` (`param: guest[email]`): the slot carries a card guarantee and no guest e-mail address exists.
             *
             *     `idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; the first response is not replayed.
             */
            422: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedWrite"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_retrieve: {
        parameters: {
            query?: {
                /** @description Comma-separated objects to include: `events`: the reservation's lifecycle events, oldest first; `guest`: the full guest object instead of its id (needs `guests:read`); `modification_token`: the token of the guest's own booking page, `{booking_page_url}/{modification_token}` (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: ("events" | "guest" | "modification_token")[];
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The reservation's `resv_` id. */
                reservation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reservation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsReadGuestExpand"];
            /** @description `not_found`: no reservation of this restaurant has this id (a `hold_` id included). */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_partial_update: {
        parameters: {
            query?: {
                /** @description Comma-separated objects to include: `guest`: the full guest object instead of its id (needs `guests:read`); `modification_token`: the token of the guest's own booking page, `{booking_page_url}/{modification_token}` (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: ("guest" | "modification_token")[];
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description Optional; send it when retrying automatically. A replay shows the object as at the first attempt (header `Idempotent-Replayed: true`). Remembered 72 hours; the same key with a different request is 422 `idempotency_key_reused`. At most 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The reservation's `resv_` id. */
                reservation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReservationModifyRequest"];
            };
        };
        responses: {
            /** @description The reservation after the change, as this key reads it. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reservation"];
                };
            };
            /**
             * @description `bad_request`: an empty body; a field that cannot change (`guest`, `guest_id`, `guest_notifications`, `metadata`, `hold_id`, `table_ids`, `status`) or an unknown one, named in `param`; `service_date`, `start_time`, `party_size` or `excluded_from_shift_limits` sent as null; a code in `override` that cannot be waived (`param: override`).
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). A body that is not a JSON object, is nested too deep or is larger than 1 MiB; an unknown field, or a field of the wrong type or value (named in `param`); any body field sent in the query string. `idempotency_key_invalid` (`param: Idempotency-Key`): the key is empty, longer than 255 characters or contains control characters.
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description `insufficient_scope` with `param` `override` (non-empty), `excluded_from_shift_limits` (true) or `entire_section_id`: the field needs `reservations:write:override`; drop it and retry. `insufficient_scope` naming the first of `service_date`, `start_time`, `party_size`, `section_id`: the booking holds an override power (a whole section, or exempt from the shift limits), and moving it uses that power again.
             *
             *     `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:write`; the endpoint is out of reach. `insufficient_scope` with `param: expand`: a guest-data expansion needs `guests:read`.
             */
            403: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no reservation of this restaurant has this id (a `hold_` id included). `not_found` with `param: company_id` or `param: section_id`: no such company or section. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `reservation_finalized`: the booking is completed, no_show or cancelled. */
            409: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description `booking_rules_violated`: one or more booking rules are broken; `violations` lists them (even a single one). Checks run in order: `no_service_at_this_time` alone, then `start_time_off_grid` alone, then all other rules together, then the table search (`no_table_available`, `no_table_available_in_section`, `section_occupied`). Resend once with the overridable codes in `override` (same Idempotency-Key) when the key may override. `guarantee_consent_guest_only`: the change raises a card guarantee. `guarantee_modify_requires_card`: the change puts a card-less booking onto a card guarantee (never overridable here). `guarantee_request_not_allowed` (`param: guarantee_request`): not a confirmed, upcoming booking without a guarantee. `payments_suspended`: the restaurant cannot take card payments. `guarantee_amount_invalid` (`param: guarantee_request[amount]`): no slot policy and no amount, or an amount not above zero. `email_required_for_guarantee`: no guest e-mail address exists.
             *
             *     `idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; the first response is not replayed.
             */
            422: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedWrite"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
                /** @description Optional; send it when retrying automatically. A replay shows the object as at the first attempt (header `Idempotent-Replayed: true`). Remembered 72 hours; the same key with a different request is 422 `idempotency_key_reused`. At most 255 characters, no control characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The reservation's `resv_` id. */
                reservation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reservation, status `cancelled`. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reservation"];
                };
            };
            400: components["responses"]["BadRequestNoBodyKey"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsWrite"];
            /** @description `not_found`: no reservation of this restaurant has this id (a `hold_` id included). */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `reservation_finalized`: the booking is completed or no_show. */
            409: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimitedWrite"];
            500: components["responses"]["ServerError"];
        };
    };
    reservations_events_list: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). 0, negative or not an integer is 400. */
                limit?: number;
                /** @description Id of an object in the list: the page after it. An id the list cannot find is 400. */
                starting_after?: string;
                /** @description Id of an object in the list: the page just before it, still in list order. Ignored with `starting_after`; an id the list cannot find is 400. */
                ending_before?: string;
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The reservation's `resv_` id. */
                reservation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationEventList"];
                };
            };
            /**
             * @description `bad_request`: a cursor the list cannot find.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            /** @description `not_found`: no reservation of this restaurant has this id (a `hold_` id included). */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    holds_list: {
        parameters: {
            query?: {
                /** @description One status; `converted` is 400. */
                status?: "expired" | "held" | "released";
                date?: string;
                "date[gte]"?: string;
                "date[lte]"?: string;
                /** @description Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). 0, negative or not an integer is 400. */
                limit?: number;
                /** @description Id of an object in the list: the page after it. An id the list cannot find is 400. */
                starting_after?: string;
                /** @description Id of an object in the list: the page just before it, still in list order. Ignored with `starting_after`; an id the list cannot find is 400. */
                ending_before?: string;
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of holds. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HoldList"];
                };
            };
            /**
             * @description `bad_request`: a filter value that is unknown or malformed (named in `param`); `service_date` is not a filter (use `date`); a cursor the list cannot find.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    holds_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required: a missing key is 400 `idempotency_key_invalid`. A retry with the same key replays the first successful response (header `Idempotent-Replayed: true`); remembered 72 hours, scoped to the restaurant. A refusal is not remembered, so resend a refused request (for example with `override`) under the same key. The same key with a different request (query string included) is 422 `idempotency_key_reused`. At most 255 characters, no control characters. */
                "Idempotency-Key"?: string;
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HoldCreateRequest"];
            };
        };
        responses: {
            /** @description The hold; read its `expires_at`. */
            201: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Hold"];
                };
            };
            /**
             * @description `bad_request`: a code in `override` that cannot be waived (`param: override`).
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`). A body that is not a JSON object, is nested too deep or is larger than 1 MiB; an unknown field, or a field of the wrong type or value (named in `param`); any body field sent in the query string. `idempotency_key_invalid` (`param: Idempotency-Key`): the key is missing, empty, longer than 255 characters or contains control characters.
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description `insufficient_scope` with `param` `override` (non-empty) or `excluded_from_shift_limits` (true): the field needs `reservations:write:override`; drop it and retry.
             *
             *     `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:write`; the endpoint is out of reach.
             */
            403: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found` with `param: section_id`: no such section. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description `booking_rules_violated`: one or more booking rules are broken; `violations` lists them (too many covers for the service is `slot_no_longer_available`). Same shape as on a reservation create.
             *
             *     `idempotency_key_reused` (`param: Idempotency-Key`): the key was used with a different request; the first response is not replayed.
             */
            422: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedWrite"];
            500: components["responses"]["ServerError"];
        };
    };
    holds_retrieve: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The hold's `hold_` id. */
                hold_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hold. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Hold"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsRead"];
            /** @description `not_found`: no hold of this restaurant has this id. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    holds_release: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The hold's `hold_` id. */
                hold_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hold, `released` (or as it already ended). */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Hold"];
                };
            };
            400: components["responses"]["BadRequestNoBody"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenReservationsWrite"];
            /** @description `not_found`: no hold of this restaurant has this id. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `hold_already_converted`: the hold became a reservation (named in the message). */
            409: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimitedWrite"];
            500: components["responses"]["ServerError"];
        };
    };
    waitlist_entries_list: {
        parameters: {
            query?: {
                /** @description One status. */
                status?: "active" | "cancelled" | "expired" | "offered" | "promoted" | "suggested";
                updated_since?: string;
                /** @description Comma-separated `wl_` ids, at most 100. */
                id?: string[];
                service_date?: string;
                "service_date[gte]"?: string;
                "service_date[lte]"?: string;
                /** @description Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). 0, negative or not an integer is 400. */
                limit?: number;
                /** @description Id of an object in the list: the page after it. An id the list cannot find is 400. */
                starting_after?: string;
                /** @description Id of an object in the list: the page just before it, still in list order. Ignored with `starting_after`; an id the list cannot find is 400. */
                ending_before?: string;
                /** @description Comma-separated objects to include: `guest`: the full guest object instead of its id (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: "guest"[];
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of waitlist entries. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistEntryList"];
                };
            };
            /**
             * @description `bad_request`: a filter value that is unknown or malformed (named in `param`); more than 100 ids; a cursor the list cannot find.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description `insufficient_scope` with `param: expand`: `expand=guest` needs `guests:read`.
             *
             *     `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:read`; the endpoint is out of reach. `insufficient_scope` with `param: expand`: a guest-data expansion needs `guests:read`.
             */
            403: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    waitlist_entries_retrieve: {
        parameters: {
            query?: {
                /** @description Comma-separated objects to include: `guest`: the full guest object instead of its id (needs `guests:read`). Another value, an empty one or one named twice is 400 with `param: expand`; a guest-data expansion without `guests:read` is 403 `insufficient_scope` with `param: expand`. */
                expand?: "guest"[];
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The entry's `wl_` id. */
                waitlist_entry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitlistEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /**
             * @description `insufficient_scope` with `param: expand`: `expand=guest` needs `guests:read`.
             *
             *     `plan_required`: the restaurant's plan does not include API access. `insufficient_scope` without `param`: the key lacks `reservations:read`; the endpoint is out of reach. `insufficient_scope` with `param: expand`: a guest-data expansion needs `guests:read`.
             */
            403: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no waitlist entry of this restaurant has this id. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    guests_list: {
        parameters: {
            query?: {
                /** @description `true` or `false`; omit for both. */
                vip?: boolean;
                /** @description `true` or `false`; omit for both. */
                blacklisted?: boolean;
                /** @description Normalised to E.164 for the restaurant's country before matching (`06 12 34 56 78` in France matches `+33612345678`). */
                phone?: string;
                /** @description The primary address, exact and case-insensitive. */
                email?: string;
                /** @description An accent-insensitive substring of the first name, last name or e-mail (`jose` finds `José`). */
                query?: string;
                updated_since?: string;
                /** @description Comma-separated `gst_` ids, at most 100. */
                id?: string[];
                /** @description Page size, 1 to 100 (default 20); a larger value is lowered to 100 (25 when `expand` is sent). 0, negative or not an integer is 400. */
                limit?: number;
                /** @description Id of an object in the list: the page after it. An id the list cannot find is 400. */
                starting_after?: string;
                /** @description Id of an object in the list: the page just before it, still in list order. Ignored with `starting_after`; an id the list cannot find is 400. */
                ending_before?: string;
            };
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of guests. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuestList"];
                };
            };
            /**
             * @description `bad_request`: a filter value that is unknown, malformed or too long (named in `param`); more than 100 ids; a cursor the list cannot find.
             *
             *     `bad_request`: an unknown or repeated query parameter, or a malformed parameter value (named in `param`); an unpublished `Service-Version` (`param: Service-Version`).
             */
            400: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenGuestsRead"];
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
    guests_retrieve: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to apply to this request; without it the key's pinned version applies. An unpublished version is 400 `bad_request` with `param: Service-Version`. Latest: `2026-06-27`. */
                "Service-Version"?: "2026-06-27";
            };
            path: {
                /** @description The guest's `gst_` id (a merged-away id resolves to the survivor). */
                guest_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The guest. */
            200: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["ForbiddenGuestsRead"];
            /** @description `not_found`: no guest of this restaurant has this id. */
            404: {
                headers: {
                    "Service-Version": components["headers"]["ServiceVersion"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "RateLimit-Resource": components["headers"]["RateLimitResource"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimitedRead"];
            500: components["responses"]["ServerError"];
        };
    };
}
