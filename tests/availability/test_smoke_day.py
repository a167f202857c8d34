import datetime as dt

import time_machine

from tests.factories import FloorPlanFactory, SectionFactory, ShiftFactory, TableFactory


def test_day_smoke(api, restaurant):
    plan = FloorPlanFactory(restaurant=restaurant)
    section = SectionFactory(floor_plan=plan)
    TableFactory(section=section, min_capacity=2, max_capacity=4)
    ShiftFactory(floor_plan=plan)
    with time_machine.travel(dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)):
        r = api.get("/v1/availability", {"service_date": "2026-12-05", "party_size": 2})
        assert r.status_code == 200, r.content
        body = r.json()
        print(body)
        assert [s["time"] for s in body["shifts"][0]["slots"]] == [
            "19:00",
            "19:30",
            "20:00",
            "20:30",
            "21:00",
            "21:30",
            "22:00",
        ]
        r2 = api.get("/v1/availability/months", {"month": "2026-12"})
        assert r2.status_code == 200, r2.content
        print(r2.json()["days"][4])
