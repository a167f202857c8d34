"""A setup file's names, phones, e-mail addresses and other one-line values refuse a line break or
another control character (issue 33); notes, the address and messages keep their lines."""

import pytest
import yaml

from reservations.models import Restaurant

from .helpers import example, load_text

pytestmark = pytest.mark.django_db


def test_one_line_values_refuse_a_line_break(tmp_path):
    data = example()
    data["restaurant"]["name"] = "Le Petit\nBcc: x@example.com"
    data["restaurant"]["phone"] = "+33 1\t23"
    data["floor_plans"][0]["sections"][0]["name"] = "Salle\u2028B"
    run = load_text(yaml.safe_dump(data, allow_unicode=True), tmp_path)
    assert run.code != 0
    problems = "\n".join(run.problems)
    for path in ("restaurant.name", "restaurant.phone", "floor_plans[0].sections[0].name"):
        assert f"{path}: not one line" in problems, problems
    assert not Restaurant.objects.exists()


def test_multi_line_values_keep_their_lines(tmp_path):
    data = example()
    data["restaurant"]["address"] = "1 rue de la Paix\n75002 Paris"
    data["closures"][0]["guest_message"] = "Fermé pour les fêtes.\nÀ bientôt !"
    run = load_text(yaml.safe_dump(data, allow_unicode=True), tmp_path)
    assert run.code == 0, run.problems
    assert Restaurant.objects.get().address == "1 rue de la Paix\n75002 Paris"
