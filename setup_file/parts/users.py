"""`users`: back-office accounts of the restaurant, each with a role."""

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError

from apikeys.models import ROLES, Membership

from ..context import Context
from ..errors import at
from ..fields import INVALID, Field, choice, key, records, text, valid

NAME = "users"
_name = text(150)


def _username(value, path, problems):
    value = _name(value, path, problems)
    if not valid(value):
        return INVALID
    try:
        UnicodeUsernameValidator()(value)
    except ValidationError:
        problems.add(path, "not a username (letters, digits and @ . + - _)")
        return INVALID
    return value


FIELDS = {
    "key": Field(key, required=True),
    "username": Field(_username, required=True),
    "password": Field(text(128, lines=True), required=True),
    "role": Field(choice(ROLES, "role"), required=True),
}


def validate(raw, ctx: Context) -> list[dict]:
    users = records(raw, NAME, ctx.problems, FIELDS)
    for path, data in users:
        ctx.define("user", data["key"], at(path, "key"))
        username = data["username"]
        fresh = valid(username) and ctx.define("username", username.lower(), at(path, "username"))
        if fresh and get_user_model().objects.filter(username__iexact=username).exists():
            ctx.problems.add(at(path, "username"), "already taken")
    return [data for _, data in users]


def create(users: list[dict], ctx: Context) -> None:
    for data in users:
        user = get_user_model()(username=data["username"], is_staff=True)
        user.set_password(data["password"])
        user.save()
        Membership.objects.create(user=user, restaurant=ctx.restaurant, role=data["role"])
        ctx.created["user"][data["key"]] = user
        ctx.output["users"][data["key"]] = str(user.pk)
