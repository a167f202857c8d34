"""manage.py staff invite|resend|role|remove|reset-password|list: a restaurant's back-office staff, by the
same services as the back office (JSON on stdout; a refusal exits 1 with its message)."""

from apikeys.models import Invitation, Membership, Role
from apikeys.services import change_role, invite_member, remove_member, resend_invitation, send_password_reset
from config.commands import SupportCommand
from config.exceptions import NotFound
from config.tenancy import restaurant_of


def membership_of(restaurant, username: str) -> Membership:
    membership = (
        Membership.objects.filter(restaurant=restaurant, user__username=username).select_related("user").first()
    )
    if membership is None:
        raise NotFound(f"{username} has no role at {restaurant.name}.")
    return membership


def member(membership: Membership) -> dict:
    return {"username": membership.user.get_username(), "email": membership.user.email, "role": membership.role}


def invitation(sent) -> dict:
    row = sent.invitation
    return {"email": row.email, "role": row.role, "expires_at": row.expires_at.isoformat(), "link": sent.link}


class Command(SupportCommand):
    help = "A restaurant's back-office staff: invite, resend, role, remove, list."

    def add_subcommands(self, subparsers):
        invite = subparsers.add_parser("invite", help="e-mail an invitation to a role")
        invite.add_argument("restaurant", help="rst_ id or slug")
        invite.add_argument("email")
        invite.add_argument("role", choices=Role.values)
        resend = subparsers.add_parser("resend", help="a new link for a pending invitation")
        resend.add_argument("restaurant")
        resend.add_argument("email")
        role = subparsers.add_parser("role", help="change a member's role")
        role.add_argument("restaurant")
        role.add_argument("username")
        role.add_argument("role", choices=Role.values)
        remove = subparsers.add_parser("remove", help="take a member's role away")
        remove.add_argument("restaurant")
        remove.add_argument("username")
        reset = subparsers.add_parser("reset-password", help="e-mail a member a link to choose a new password")
        reset.add_argument("restaurant")
        reset.add_argument("username")
        listing = subparsers.add_parser("list", help="members and pending invitations")
        listing.add_argument("restaurant")

    def do_invite(self, *, restaurant, email, role, **options):
        return invitation(invite_member(restaurant=restaurant_of(restaurant), email=email, role=role))

    def do_resend(self, *, restaurant, email, **options):
        pending = (
            Invitation.objects.filter(restaurant=restaurant_of(restaurant), email=email.strip().lower())
            .filter(accepted_at__isnull=True)
            .first()
        )
        if pending is None:
            raise NotFound(f"No pending invitation for {email}.")
        return invitation(resend_invitation(invitation=pending))

    def do_role(self, *, restaurant, username, role, **options):
        return member(change_role(membership=membership_of(restaurant_of(restaurant), username), role=role))

    def do_remove(self, *, restaurant, username, **options):
        membership = membership_of(restaurant_of(restaurant), username)
        remove_member(membership=membership)
        return {"removed": member(membership)}

    def do_reset_password(self, *, restaurant, username, **options):
        membership = membership_of(restaurant_of(restaurant), username)
        return {"sent_to": membership.user.email, "link": send_password_reset(membership=membership)}

    def do_list(self, *, restaurant, **options):
        place = restaurant_of(restaurant)
        members = Membership.objects.filter(restaurant=place).select_related("user").order_by("user__username")
        pending = Invitation.objects.filter(restaurant=place, accepted_at__isnull=True).order_by("email")
        return {
            "members": [member(row) for row in members],
            "invitations": [{"email": row.email, "role": row.role, "expires_at": row.expires_at} for row in pending],
        }
