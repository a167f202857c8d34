def test_ping(api):
    response = api.get("/v1/ping")
    assert response.status_code == 200, response.content
    assert response.json() == {"object": "ping", "ok": True}
    assert response["Service-Version"] == "2026-06-27"
    assert response["RateLimit-Resource"] == "read"


def test_configuration(api, restaurant):
    response = api.get("/v1/configuration")
    assert response.status_code == 200, response.content
    assert response.json()["restaurant"]["id"] == restaurant.public_id
