"""Views that exist only in the tests: they run the real platform layer (ApiView,
paginate, run_idempotently) over real models, so the platform can be tested
before the endpoints that will use it are written."""

import time

from django.db import IntegrityError, transaction
from rest_framework.response import Response

from config.api.errors import BadRequest, Conflict
from config.api.idempotency import run_idempotently
from config.api.pagination import PAGINATION_PARAMS, Ordering, list_envelope, paginate
from config.api.params import parse_metadata
from config.api.scopes import OVERRIDE_FIELDS, WRITE
from config.api.views import ApiView
from reservations.models import Company


def company(row: Company) -> dict:
    return {"object": "company", "id": row.public_id, "name": row.name}


class BoomView(ApiView):
    """An uncaught exception inside a DRF view."""

    default_scope = None

    def get(self, request):
        raise RuntimeError("secret internals: password=hunter2")


def plain_boom(request):
    """An uncaught exception inside a plain Django view under /v1."""
    raise RuntimeError("secret internals: password=hunter2")


class EchoWriteView(ApiView):
    """A write that accepts the three override fields and `expand`; echoes what it got."""

    scopes = {"POST": WRITE}
    query_params = {"POST": frozenset({"expand"})}
    expandable = {"POST": frozenset({"guest", "modification_token", "events"})}
    fields = frozenset({"name", "override", "excluded_from_shift_limits", "entire_section_id", "metadata"})

    def post(self, request):
        body = self.json_body(self.fields, OVERRIDE_FIELDS)
        if "metadata" in body:
            parse_metadata(body["metadata"])
        return Response({"object": "echo", "body": body, "expand": sorted(self.expand)})


class CompanyListView(ApiView):
    """A list over a real model, newest first, through the one paginator."""

    query_params = {"GET": PAGINATION_PARAMS | {"expand"}}
    expandable = {"GET": frozenset({"guest", "events"})}
    ordering = Ordering(fields=(("created_at", True),))

    def get(self, request):
        rows = Company.objects.filter(restaurant=self.restaurant)
        page = paginate(rows, request.query_params, self.ordering, expanded=bool(self.expand))
        return Response(list_envelope([company(row) for row in page.items], page.has_more))


class CompanyCreateView(ApiView):
    """An idempotent create; `delay` seconds are spent inside the transaction."""

    scopes = {"POST": WRITE}
    fields = frozenset({"name", "override", "excluded_from_shift_limits"})
    key_required = True
    delay = 0.0

    def post(self, request):
        body = self.json_body(self.fields, OVERRIDE_FIELDS)
        return run_idempotently(
            request,
            restaurant=self.restaurant,
            body=body,
            required=self.key_required,
            execute=lambda: self.create(body),
        )

    def create(self, body: dict) -> Response:
        name = body.get("name")
        if not isinstance(name, str) or not name:
            raise BadRequest("`name` is required.", param="name")
        if Company.objects.filter(restaurant=self.restaurant, name=name).exists():
            raise Conflict("A company of that name exists.", code="company_exists", param="name")
        try:
            with transaction.atomic():
                row = Company.objects.create(restaurant=self.restaurant, name=name)
        except IntegrityError:
            raise Conflict("A company of that name exists.", code="company_exists", param="name") from None
        time.sleep(self.delay)
        if name == "boom":
            raise RuntimeError("failed after the write")
        response = Response(company(row), status=201)
        response["Location"] = f"/v1/_test/companies/{row.public_id}"
        return response


class OptionalKeyCompanyCreateView(CompanyCreateView):
    key_required = False


class SlowCompanyCreateView(CompanyCreateView):
    delay = 0.2
