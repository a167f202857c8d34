"""The proxy in front of the web nodes: HAProxy's configuration and its error answers.

What it is for (issue 33, docs/operations.md):
- it reads every request whole before a node sees it (`option http-buffer-request`, 10 s for the
  headers and body), so slow clients tie up HAProxy's cheap connections, not gunicorn's threads;
- it checks each node's `/readyz` every second and takes a failing node out of rotation; when no
  node is ready (PostgreSQL or Redis, which they all share, is down), the nodes whose process still
  answers `/healthz` take the requests, so that an outage of Redis does not become an outage of all;
- a request that never reached a node is sent to another; a read, or a write carrying an
  `Idempotency-Key` (which answers its first outcome when replayed), is also retried on another node
  when its node dies or times out without answering; other writes are never replayed;
- every error it answers itself, and every error page gunicorn writes in HTML under `/v1`, leaves in
  the contract's JSON envelope with `Service-Version`.
"""

from pathlib import Path

from config.ops.edge import envelope_bytes, response_bytes
from config.versions import LATEST_VERSION

# The proxy's own answers (config/ops/edge.py says each one's code and message). HAProxy's `errorfile`
# takes these statuses; the others are answered by rules (`http-request return`).
PROXY_STATUSES = (400, 408, 411, 414, 431, 500, 502, 503, 504)
ERRORFILE_STATUSES = (400, 408, 500, 502, 503, 504)


def write_error_files(directory: Path, docs_url: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for status in PROXY_STATUSES:
        (directory / f"{status}.json").write_bytes(envelope_bytes(status, docs_url))
        if status in ERRORFILE_STATUSES:
            (directory / f"{status}.http").write_bytes(response_bytes(status, docs_url))


def _return(status: int, errors: Path, condition: str, phase: str = "http-request") -> str:
    return (f"    {phase} return status {status} content-type application/json file {errors}/{status}.json "
            f"hdr Service-Version {LATEST_VERSION} hdr Cache-Control no-store if {condition}")  # fmt: skip


def config(*, port: int, nodes: list[tuple[str, int]], errors: Path, stats_port: int) -> str:
    servers = "\n".join(f"    server {name} 127.0.0.1:{node_port}" for name, node_port in nodes)
    tracked = "\n".join(f"    server {name} 127.0.0.1:{node_port} track nodes/{name}" for name, node_port in nodes)
    alive = "\n".join(f"    server {name} 127.0.0.1:{node_port} check" for name, node_port in nodes)
    errorfiles = "\n".join(f"    errorfile {status} {errors}/{status}.http" for status in ERRORFILE_STATUSES)
    html_error = "{ var(txn.api) -m found } !{ res.hdr(content-type) -m sub json }"
    rewrites = "\n".join(
        _return(status, errors, f"{{ status {status} }} {html_error}", "http-response")
        for status in (400, 411, 414, 431, 500, 502, 503, 504)
    )
    return f"""# Written by deploy/cluster.py on every start; edit deploy/haproxy.py instead.
global
    maxconn 4096
    log stdout format raw local0 info

defaults
    mode http
    log global
    option httplog
    option dontlognull
    option forwardfor
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 5s
    # The whole request is read before a node is chosen: a slow client costs the proxy, not a node.
    option http-buffer-request
    option redispatch 1
    retries 2
{errorfiles}

frontend api
    bind 127.0.0.1:{port}
    http-request set-var(txn.api) bool(true) if {{ path_beg /v1 }}
    # What gunicorn would refuse in HTML, refused here in the envelope.
{_return(414, errors, "{ url_len gt 8190 }")}
    # No node ready: PostgreSQL or Redis, which every node shares, is what failed. The nodes whose
    # process answers still take the requests (a booking goes on without Redis; a read without the
    # database answers its own error) rather than the proxy refusing everything.
    use_backend alive if {{ nbsrv(nodes) eq 0 }}
    # Reads, and writes that replay safely (an Idempotency-Key), may be retried on another node.
    use_backend replayable if METH_GET or METH_HEAD or {{ req.hdr(Idempotency-Key) -m found }}
    default_backend nodes
{rewrites}

backend nodes
    balance roundrobin
    # Sent to a node only when it could not be reached: nothing of the request was delivered.
    retry-on conn-failure
    option httpchk
    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    default-server inter 1s fastinter 500ms fall 2 rise 2 check
{servers}

backend replayable
    balance roundrobin
    retry-on conn-failure empty-response response-timeout 502 503
{tracked}

backend alive
    balance roundrobin
    retry-on conn-failure
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    default-server inter 1s fastinter 500ms fall 2 rise 2
{alive}

frontend stats
    # The proxy's own page (which nodes are up); on loopback, not behind the public port.
    bind 127.0.0.1:{stats_port}
    stats enable
    stats uri /
    stats refresh 5s
    http-request return status 200 content-type text/plain string ok if {{ path /healthz }}
"""
