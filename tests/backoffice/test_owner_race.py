"""A restaurant keeps an owner, even when two owners demote each other at the same instant."""

import threading

import pytest
from django.db import connections

from apikeys.models import Membership
from apikeys.services import MembershipError, change_role, remove_member
from tests.factories import MembershipFactory, RestaurantFactory


def race(*jobs) -> list:
    """Run the jobs in threads released together; each result is True or the error it raised."""
    barrier = threading.Barrier(len(jobs))
    results = [None] * len(jobs)

    def run(index, job):
        barrier.wait()
        try:
            job()
            results[index] = True
        except MembershipError as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(5))
def test_two_owners_demoting_each_other_at_once_leave_one_owner(attempt):
    restaurant = RestaurantFactory()
    first = MembershipFactory(restaurant=restaurant, role="owner")
    second = MembershipFactory(restaurant=restaurant, role="owner")
    results = race(
        lambda: change_role(membership=first, role="manager"),
        lambda: remove_member(membership=second),
    )
    assert sorted(result is True for result in results) == [False, True]
    assert Membership.objects.filter(restaurant=restaurant, role="owner").count() == 1


@pytest.mark.django_db
def test_the_last_owner_is_neither_demoted_nor_removed():
    owner = MembershipFactory(role="owner")
    with pytest.raises(MembershipError):
        change_role(membership=owner, role="host")
    with pytest.raises(MembershipError):
        remove_member(membership=owner)
    owner.refresh_from_db()
    assert owner.role == "owner"
