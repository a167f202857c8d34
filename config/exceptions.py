"""Domain exceptions: what a service raises when it refuses a request.

Services know nothing of HTTP. They raise one of these, naming the contract's
`code` and, when one input is at fault, its `param`; the API's one exception
handler (config.api.errors) turns the `kind` into a status and the whole into
the error envelope. The back office and the support commands show `message`.
"""


class DomainError(Exception):
    #: invalid (400), forbidden (403), not_found (404), conflict (409), refused (422), busy (429),
    #: upstream (502); config.error_codes documents each code, with the same status
    kind = "invalid"
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, param: str | None = None, **details):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.param = param
        # Further envelope fields (e.g. `violations`), in the order given.
        self.details = details


class InvalidInput(DomainError):
    """The request is malformed or names something that cannot be used (400)."""


class Forbidden(DomainError):
    """The caller may not do this part of the request (403)."""

    kind = "forbidden"
    code = "forbidden"


class NotFound(DomainError):
    kind = "not_found"
    code = "not_found"

    def __init__(self, message: str = "No such object.", **kwargs):
        super().__init__(message, **kwargs)


class Conflict(DomainError):
    """The object's state does not allow the change (409)."""

    kind = "conflict"
    code = "conflict"


class Refused(DomainError):
    """A well-formed request a rule of the restaurant refuses (422)."""

    kind = "refused"
    code = "refused"


class Upstream(DomainError):
    """A provider the service depends on failed; nothing was changed (502)."""

    kind = "upstream"
    code = "upstream_error"


class LockTimeout(DomainError):
    """Another write of the restaurant held its lock too long; nothing was written (429)."""

    kind = "busy"
    code = "lock_timeout"

    def __init__(
        self,
        message: str = "The restaurant is busy: another change held it too long. Nothing was saved; retry shortly.",
    ):
        super().__init__(message)


def not_found(param: str, value: str) -> NotFound:
    """An id sent in `param` that names nothing the caller can reach."""
    return NotFound(f"No such object: {value}.", param=param)
