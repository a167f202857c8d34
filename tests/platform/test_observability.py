"""What operators see (issue 33 point 5): /healthz and /readyz for the balancer, the request log
line, the Prometheus counters the service keeps, and a read answered again when its database
connection was lost."""

import json
import logging

import pytest
from prometheus_client import REGISTRY, generate_latest
from pythonjsonlogger.json import JsonFormatter

from config.ops import health
from config.ops.observe import RequestObserverMiddleware
from tests.factories import RestaurantFactory, make_key
from tests.platform.testviews import LostConnectionViewSet


def sample(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.mark.django_db
def test_healthz_answers_without_a_key_and_readyz_checks_what_a_node_needs(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"postgresql": "ok", "migrations": "ok", "redis": "ok"}


@pytest.mark.django_db
def test_readyz_is_503_in_words_when_redis_is_unreachable(client, settings, monkeypatch):
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens on the discard port
    monkeypatch.setattr(health, "_redis", None)
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready["Content-Type"] == "application/json"
    assert ready.json()["status"] == "unavailable"
    assert ready.json()["checks"]["redis"].startswith("Redis unreachable")
    assert ready.json()["checks"]["postgresql"] == "ok"


@pytest.mark.django_db
def test_requests_are_counted_by_route_and_status(client):
    _key, secret = make_key(RestaurantFactory())
    labels = {"route": "/v1/ping", "method": "GET", "status": "200"}
    before = sample("http_requests_total", **labels)
    assert client.get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 200
    assert sample("http_requests_total", **labels) == before + 1
    assert sample("http_request_duration_seconds_count", route="/v1/ping", method="GET") >= 1
    # A path's ids never become a label: the route is the URL pattern.
    assert client.get("/v1/reservations/resv_nothing", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 404
    exposed = generate_latest(REGISTRY).decode()
    assert "resv_nothing" not in exposed and 'route="/v1/reservations/<' in exposed


@pytest.mark.django_db
def test_the_request_log_names_the_request_and_no_secret(client, settings, caplog):
    settings.REQUEST_LOG = True
    restaurant = RestaurantFactory()
    _key, secret = make_key(restaurant)
    with caplog.at_level(logging.INFO, logger="request"):
        # The middleware reads the setting when built: a fresh handler per test client request.
        response = client.get("/v1/ping", HTTP_AUTHORIZATION=f"Bearer {secret}",
                              HTTP_X_REQUEST_ID="req-abc")  # fmt: skip
    assert response.status_code == 200
    [record] = [r for r in caplog.records if r.name == "request"]
    line = json.loads(JsonFormatter("%(levelname)s %(name)s %(message)s").format(record))
    assert line["request_id"] == "req-abc" and line["route"] == "/v1/ping" and line["status"] == 200
    assert line["restaurant"] == restaurant.public_id and line["key_last4"] == secret[-4:]
    assert isinstance(line["duration_ms"], float)
    text = json.dumps(line)
    assert secret not in text and secret[:-4] not in text


def test_the_request_log_is_off_unless_asked(settings):
    settings.REQUEST_LOG = False
    assert RequestObserverMiddleware(lambda request: None).log is False


@pytest.mark.django_db(transaction=True)
@pytest.mark.urls("tests.platform.urls")
def test_a_read_that_lost_its_connection_is_answered_again_on_a_new_one(client):
    _key, secret = make_key(RestaurantFactory())
    LostConnectionViewSet.calls.clear()
    lost = sample("database_errors_total", kind="connection")
    response = client.get("/v1/_test/lost-connection", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 200, response.content
    assert response.json()["tries"] == 2
    assert sample("database_errors_total", kind="connection") == lost + 1


def test_the_grafana_dashboard_graphs_only_metrics_the_service_keeps():
    import re
    from pathlib import Path

    from config.ops import metrics

    dashboard = json.loads((Path(__file__).resolve().parents[2] / "deploy" / "grafana-dashboard.json").read_text())
    kept = {m._name for m in vars(metrics).values() if hasattr(m, "_name") and hasattr(m, "_type")}
    used = set()
    for panel in dashboard["panels"]:
        for target in panel["targets"]:
            used |= {
                re.sub(r"_(total|bucket|count|sum)$", "", name)
                for name in re.findall(r"[a-z_]+(?=[{\[])", target["expr"])
            }
    used -= {"rate", "sum", "histogram_quantile", "by"}
    assert used and used <= {re.sub(r"_total$", "", name) for name in kept}, used - kept
    assert len(used) == len({re.sub(r"_total$", "", name) for name in kept})  # every metric has a panel
