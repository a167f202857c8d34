"""What the fuzz run knows of the restaurant (tests/fuzz/hooks.py): the ids of the setup file, and the
reservations, holds and events it created or saw in responses, handed to the cases that need a real id."""

import uuid

from tests.fuzz.run import BASE_URL, RNG, STATS, WORLD, _lock, _session, free_slot


class World:
    """What the run knows of the restaurant: the ids of the setup file and what the run created."""

    def __init__(self, world: dict):
        self.sections = list(world.get("sections", {}).values())
        self.companies = list(world.get("companies", {}).values())
        self.guests = list(world.get("guests", {}).values())
        self.waitlist = list(world.get("waitlist", {}).values())
        self.reservations: list[str] = []  # every reservation seen
        self.live_reservations: list[str] = []  # not cancelled, as far as the run knows
        self.holds: list[str] = []  # every hold seen that is not converted (the hold list shows them)
        self.live_holds: list[str] = []  # held, as far as the run knows
        self.events: dict[str, list[str]] = {}

    # --- the run's own writes -----------------------------------------------------------

    def _post(self, path: str, body: dict) -> dict | None:
        response = _session().post(
            BASE_URL + path, json=body, headers={"Idempotency-Key": f"fuzz-setup-{uuid.uuid4()}"}, timeout=30
        )
        STATS.setup_calls[f"POST {path} {response.status_code}"] += 1
        return response.json() if response.status_code == 201 else None

    def create_reservation(self) -> str | None:
        for _ in range(5):
            body = {**free_slot(), "guest": {"first_name": "Fuzz", "last_name": "Guest"}}
            created = self._post("/v1/reservations", body)
            if created is not None:
                self.saw_reservation(created)
                return created["id"]
        return None

    def create_hold(self) -> dict | None:
        for _ in range(5):
            created = self._post("/v1/holds", free_slot())
            if created is not None:
                self.saw_hold(created)
                return created
        return None

    # --- what responses show --------------------------------------------------------------

    def saw_reservation(self, body: dict) -> None:
        with _lock:
            if body["id"] not in self.reservations:
                self.reservations.append(body["id"])
            live = body.get("status") not in ("cancelled", "completed", "no_show")
            if live and body["id"] not in self.live_reservations:
                self.live_reservations.append(body["id"])
            if not live and body["id"] in self.live_reservations:
                self.live_reservations.remove(body["id"])

    def saw_hold(self, body: dict) -> None:
        with _lock:
            status = body.get("status")
            if status == "converted":
                for pool in (self.holds, self.live_holds):
                    if body["id"] in pool:
                        pool.remove(body["id"])
                return
            if body["id"] not in self.holds:
                self.holds.append(body["id"])
            if status == "held" and body["id"] not in self.live_holds:
                self.live_holds.append(body["id"])
            if status != "held" and body["id"] in self.live_holds:
                self.live_holds.remove(body["id"])

    def forget_hold(self, hold_id: str) -> None:
        with _lock:
            for pool in (self.holds, self.live_holds):
                if hold_id in pool:
                    pool.remove(hold_id)

    # --- ids for cases ----------------------------------------------------------------------

    def take_live_reservation(self) -> str | None:
        """A live reservation no other case will be given (cancel consumes it)."""
        with _lock:
            if self.live_reservations:
                return self.live_reservations.pop(RNG.randrange(len(self.live_reservations)))
        return self.create_reservation()

    def live_reservation(self) -> str | None:
        with _lock:
            if self.live_reservations:
                return RNG.choice(self.live_reservations)
        return self.create_reservation()

    def any_reservation(self) -> str | None:
        with _lock:
            if self.reservations:
                return RNG.choice(self.reservations)
        return self.create_reservation()

    def take_live_hold(self) -> dict | None:
        """A held hold no other case will be given (release and conversion consume it)."""
        with _lock:
            hold_id = self.live_holds.pop(RNG.randrange(len(self.live_holds))) if self.live_holds else None
        if hold_id is None:
            created = self.create_hold()
            if created is None:
                return None
            with _lock:
                self.live_holds.remove(created["id"]) if created["id"] in self.live_holds else None
            return created
        return {"id": hold_id}

    def any_hold(self) -> str | None:
        with _lock:
            if self.holds:
                return RNG.choice(self.holds)
        created = self.create_hold()
        return created["id"] if created else None

    def event_of(self, reservation_id: str) -> str | None:
        with _lock:
            known = self.events.get(reservation_id)
        if known is None:
            response = _session().get(f"{BASE_URL}/v1/reservations/{reservation_id}/events", timeout=30)
            STATS.setup_calls[f"GET /v1/reservations/{{reservation_id}}/events {response.status_code}"] += 1
            known = [event["id"] for event in response.json()["data"]] if response.status_code == 200 else []
            with _lock:
                self.events[reservation_id] = known
        return RNG.choice(known) if known else None


WORLD_IDS = World(WORLD)
