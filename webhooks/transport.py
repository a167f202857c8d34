"""One HTTP POST to a receiver, guarded.

- The host is resolved once and every address it resolves to is checked: loopback, private,
  link-local, multicast, reserved and unspecified addresses are refused unless a network of
  `WEBHOOK_ALLOWED_NETWORKS` holds them (the tests allow 127.0.0.0/8). The connection goes to the
  checked address (the name is kept for the Host header and TLS), so DNS cannot change its
  answer between the check and the connection.
- Redirects are not followed (a 3xx is a failure like any other non-2xx).
- At most `BODY_KEPT` bytes of the answer are kept and at most `BODY_READ_LIMIT` read; a longer
  answer's connection is closed rather than drained.
- 2xx within `WEBHOOK_TIMEOUT` seconds (15) is success; anything else is a failure.
"""

import ipaddress
import socket
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

import urllib3
from django.conf import settings

BODY_KEPT = 1024
BODY_READ_LIMIT = 64 * 1024
USER_AGENT = "reservations-webhooks/1"

_pools: dict[tuple, urllib3.HTTPConnectionPool] = {}
_pools_lock = threading.Lock()


@dataclass(frozen=True)
class Result:
    succeeded: bool
    status_code: int | None
    body: str
    error: str
    duration_ms: int


class BlockedAddress(Exception):
    pass


@lru_cache(maxsize=8)
def _allowed(networks: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(n, strict=False) for n in networks)


def address_problem(address: str) -> str | None:
    """Why an address may not be called (None when it may)."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    for network in _allowed(tuple(getattr(settings, "WEBHOOK_ALLOWED_NETWORKS", ()) or ())):
        if ip.version == network.version and ip in network:
            return None
    for flag in ("is_loopback", "is_link_local", "is_private", "is_multicast", "is_reserved", "is_unspecified"):
        if getattr(ip, flag):
            return f"{ip} is a {flag.removeprefix('is_').replace('_', '-')} address"
    return None


def resolve(host: str, port: int) -> str:
    """The first address of `host`; every address must pass (one bad answer refuses all)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise BlockedAddress(f"cannot resolve {host}: {error.strerror}") from error
    addresses = [info[4][0] for info in infos]
    for address in addresses:
        problem = address_problem(address)
        if problem:
            raise BlockedAddress(f"refused: {problem}")
    return addresses[0]


def _pool(scheme: str, address: str, port: int, host: str) -> urllib3.HTTPConnectionPool:
    key = (scheme, address, port, host)
    pool = _pools.get(key)
    if pool is None:
        with _pools_lock:
            pool = _pools.get(key)
            if pool is None:
                if scheme == "https":
                    pool = urllib3.HTTPSConnectionPool(
                        address, port, maxsize=4, block=False, server_hostname=host, assert_hostname=host
                    )
                else:
                    pool = urllib3.HTTPConnectionPool(address, port, maxsize=4, block=False)
                _pools[key] = pool
    return pool


def post(url: str, body: bytes, headers: dict[str, str], timeout: float | None = None) -> Result:
    timeout = timeout or getattr(settings, "WEBHOOK_TIMEOUT", 15.0)
    started = time.monotonic()

    def done(succeeded, status, text, error) -> Result:
        return Result(succeeded, status, text, error[:300], int((time.monotonic() - started) * 1000))

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return done(False, None, "", "not an http(s) URL")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        address = resolve(parts.hostname, port)
    except BlockedAddress as error:
        return done(False, None, "", str(error))
    host_header = parts.hostname if parts.port is None else f"{parts.hostname}:{parts.port}"
    if ":" in parts.hostname and not host_header.startswith("["):
        host_header = f"[{parts.hostname}]" + (f":{parts.port}" if parts.port else "")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    request_headers = {
        "Host": host_header,
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        **headers,
    }
    pool = _pool(parts.scheme, address, port, parts.hostname)
    try:
        response = pool.urlopen(
            "POST",
            path,
            body=body,
            headers=request_headers,
            redirect=False,
            retries=False,
            assert_same_host=False,
            preload_content=False,
            timeout=urllib3.Timeout(connect=min(5.0, timeout), read=timeout),
        )
    except urllib3.exceptions.HTTPError as error:
        return done(False, None, "", _describe(error))
    try:
        kept, complete = _read_bounded(response, started + timeout)
    except (urllib3.exceptions.HTTPError, OSError) as error:
        response.close()
        return done(False, response.status, "", _describe(error))
    if complete:
        response.release_conn()
    else:
        response.close()  # too long to drain (or too slow): this connection is not reused
    text = kept.decode("utf-8", errors="replace")
    elapsed = time.monotonic() - started
    if elapsed > timeout:
        return done(False, response.status, text, f"answered after {elapsed:.1f} s (limit {timeout:g} s)")
    ok = 200 <= response.status < 300
    return done(ok, response.status, text, "" if ok else f"HTTP {response.status}")


def _read_bounded(response, deadline: float) -> tuple[bytes, bool]:
    kept = b""
    read = 0
    while read < BODY_READ_LIMIT:
        if time.monotonic() > deadline:
            return kept[:BODY_KEPT], False
        chunk = response.read(4096)
        if not chunk:
            return kept[:BODY_KEPT], True
        read += len(chunk)
        if len(kept) < BODY_KEPT:
            kept += chunk[: BODY_KEPT - len(kept)]
    return kept, False


def _describe(error: Exception) -> str:
    reason = getattr(error, "reason", None) or error
    text = str(reason)
    if "timed out" in text.lower() or isinstance(reason, TimeoutError):
        return "timed out"
    if "refused" in text.lower():
        return "connection refused"
    return text.split(": ", 1)[-1] if "object at 0x" in text else text
