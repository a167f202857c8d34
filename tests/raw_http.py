"""Requests sent as bytes, as no client library would send them, and the contract's envelope checked
on the answer: for what the proxy and gunicorn answer before Django sees a request."""

import json
import socket
import urllib.parse

from config.error_codes import error_type
from config.versions import LATEST_VERSION

HOST = b"Host: 127.0.0.1\r\n"


def raw(base: str, request: bytes, timeout: float = 10) -> tuple[int, dict, bytes]:
    """Send bytes as they are (no client library would send these) and read the answer."""
    parsed = urllib.parse.urlsplit(base)
    with socket.create_connection((parsed.hostname, parsed.port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            length = [line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
            if length and len(body) >= int(length[0].split(b":")[1]):
                break
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def assert_envelope(status: int, headers: dict, body: bytes, expected_status: int, code: str):
    assert status == expected_status, body[:300]
    assert headers["content-type"].startswith("application/json"), headers
    assert headers["service-version"] == LATEST_VERSION
    error = json.loads(body)["error"]
    assert error["code"] == code and error["doc_url"].endswith(f"/api/errors#{code}")
    assert error["type"] == error_type(expected_status)
