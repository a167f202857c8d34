"""Assertions shared by the platform tests."""

from django.conf import settings


def assert_error(response, status: int, code: str, *, param=None, type_=None):
    """The contract's error envelope, with `param` absent (not null) when there is none."""
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    expected_type = type_ or {401: "authentication_error", 429: "rate_limit_error"}.get(
        status, "api_error" if status >= 500 else "invalid_request_error"
    )
    assert error["type"] == expected_type
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    assert error["doc_url"] == f"{settings.DOCS_URL}/api/errors#{code}"
    if param is None:
        assert "param" not in error
    else:
        assert error["param"] == param
    return error
