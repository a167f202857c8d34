"""Viewsets that exist only in the tests: they run the real platform layer (ApiViewSet,
paginate, run_idempotently) over real models, so the platform can be tested apart from
the endpoints that use it."""

import time

from django.db import IntegrityError, transaction
from rest_framework.response import Response

from config.api.errors import BadRequest, Conflict
from config.api.idempotency import run_idempotently
from config.api.inputs import Boolean, Codes, Metadata, ObjectId, StrictSerializer, Text
from config.api.pagination import Ordering, list_envelope, paginate
from config.api.scopes import OVERRIDE_FIELDS, WRITE
from config.api.views import ApiViewSet
from reservations.engine.rules import OVERRIDABLE_CODES
from reservations.models import Company


def company(row: Company) -> dict:
    return {"object": "company", "id": row.public_id, "name": row.name}


class BoomViewSet(ApiViewSet):
    """An uncaught exception inside a DRF view."""

    singleton = True
    default_scope = None

    def retrieve(self, request):
        raise RuntimeError("secret internals: password=hunter2")


def plain_boom(request):
    """An uncaught exception inside a plain Django view under /v1."""
    raise RuntimeError("secret internals: password=hunter2")


class EchoInput(StrictSerializer):
    name = Text(max_length=2 * 1024 * 1024, required=False)
    override = Codes(choices=OVERRIDABLE_CODES, required=False, allow_null=True)
    excluded_from_shift_limits = Boolean(required=False)
    entire_section_id = ObjectId("sec", required=False, allow_null=True)
    metadata = Metadata(required=False)


class EchoViewSet(ApiViewSet):
    """A write that accepts the three override fields and `expand`; echoes what it got."""

    scopes = {"create": WRITE}
    expandable = {"create": frozenset({"guest", "modification_token", "events"})}
    field_scopes = OVERRIDE_FIELDS

    def create(self, request):
        self.read_body(EchoInput)
        return Response({"object": "echo", "body": self.raw_body(), "expand": sorted(self.expand)})


class CompanyViewSet(ApiViewSet):
    """A list over a real model, newest first, through the one paginator."""

    queryset = Company.objects.none()
    expandable = {"list": frozenset({"guest", "events"})}
    ordering = Ordering(fields=(("created_at", True),))

    def list(self, request):
        rows = Company.objects.filter(restaurant=self.restaurant)
        page = paginate(rows, request.query_params, self.ordering, prefix="cmp", expanded=bool(self.expand))
        return Response(list_envelope([company(row) for row in page.items], page.has_more))


class CompanyCreateInput(StrictSerializer):
    name = Text(max_length=200, required=False, allow_null=True)
    override = Codes(choices=OVERRIDABLE_CODES, required=False, allow_null=True)
    excluded_from_shift_limits = Boolean(required=False)


class CompanyCreateViewSet(ApiViewSet):
    """An idempotent create; `delay` seconds are spent inside the transaction."""

    scopes = {"create": WRITE}
    field_scopes = OVERRIDE_FIELDS
    key_required = True
    delay = 0.0

    def create(self, request):
        self.read_body(CompanyCreateInput)
        body = self.raw_body()
        return run_idempotently(
            request,
            restaurant=self.restaurant,
            body=body,
            required=self.key_required,
            execute=lambda: self.create_company(body),
        )

    def create_company(self, body: dict) -> Response:
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


class OptionalKeyCompanyCreateViewSet(CompanyCreateViewSet):
    key_required = False


class SlowCompanyCreateViewSet(CompanyCreateViewSet):
    delay = 0.2


class LostConnectionViewSet(ApiViewSet):
    """A read whose database connection dies under it the first time (as in a PostgreSQL restart):
    the backend is terminated by PostgreSQL itself, so the error is the real one."""

    singleton = True
    default_scope = None
    calls = []

    def retrieve(self, request):
        from django.db import connection

        type(self).calls.append(1)
        with connection.cursor() as cursor:
            if len(type(self).calls) == 1:
                cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
            cursor.execute("SELECT count(*) FROM reservations_company")
            return Response({"object": "count", "count": cursor.fetchone()[0], "tries": len(type(self).calls)})
