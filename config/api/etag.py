"""Conditional GETs: a strong ETag and 304 on a matching `If-None-Match`."""

from rest_framework.response import Response

from config.etags import etag_of

__all__ = ["conditional", "etag_of", "matches", "matches_any", "not_modified", "with_body_etag"]


def matches_any(request) -> bool:
    """Whether the request revalidates (carries If-None-Match)."""
    return bool(request.META.get("HTTP_IF_NONE_MATCH"))


def matches(request, etag: str) -> bool:
    header = request.META.get("HTTP_IF_NONE_MATCH")
    if not header:
        return False
    if header.strip() == "*":
        return True
    candidates = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return etag in candidates


def not_modified(etag: str) -> Response:
    response = Response(status=304)
    response["ETag"] = etag
    return response


def conditional(request, etag: str, build) -> Response:
    """304 when the client holds `etag`; else the body from `build()` with its ETag."""
    if matches(request, etag):
        return not_modified(etag)
    response = Response(build())
    response["ETag"] = etag
    return response


def with_body_etag(request, data: dict) -> Response:
    """ETag derived from the body itself, for small bodies that are cheap to build."""
    return conditional(request, etag_of(data), lambda: data)
