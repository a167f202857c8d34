"""Published API versions (dated strings). A key is pinned to one at creation."""

VERSIONS = ("2026-06-27",)
LATEST_VERSION = VERSIONS[-1]


def resolve_version(sent: str | None, pinned: str) -> str | None:
    """The version a request runs under: the header's, else the key's pin.

    Returns None for a version the service does not publish.
    """
    if sent is None:
        return pinned if pinned in VERSIONS else LATEST_VERSION
    sent = sent.strip()
    return sent if sent in VERSIONS else None
