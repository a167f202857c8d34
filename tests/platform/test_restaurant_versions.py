from reservations.models import Restaurant
from reservations.services.availability_version import bump_availability_version


def test_a_full_save_never_writes_back_stale_versions(restaurant):
    stale = Restaurant.objects.get(pk=restaurant.pk)
    bump_availability_version(restaurant.pk)
    stale.name = "Renamed"
    stale.save()
    fresh = Restaurant.objects.get(pk=restaurant.pk)
    assert fresh.name == "Renamed"
    assert (fresh.availability_version, fresh.policy_version) == (1, 1)


def test_booking_bumps_leave_the_policy_version(restaurant):
    bump_availability_version(restaurant.pk, policy_changed=False)
    fresh = Restaurant.objects.get(pk=restaurant.pk)
    assert (fresh.availability_version, fresh.policy_version) == (1, 0)
