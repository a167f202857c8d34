"""The page a person invited to a restaurant's back office opens from their e-mail.

Logged in, they accept with their account; otherwise they log in first or create an
account. The page says nothing of other accounts, and an unknown, used or expired link
reads the same.
"""

from django import forms
from django.contrib import admin, auth, messages
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from apikeys.services import MembershipError, accept_invitation, open_invitation, sign_up_and_accept


class SignUpForm(forms.Form):
    username = forms.CharField(max_length=150)
    password = forms.CharField(strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password_again = forms.CharField(
        label="Password (again)", strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("password") and cleaned.get("password") != cleaned.get("password_again"):
            self.add_error("password_again", "The two passwords differ.")
        return cleaned


@never_cache
@sensitive_post_parameters("password", "password_again")
def invitation_page(request, token: str):
    invitation = open_invitation(token)
    form = SignUpForm(request.POST if request.POST.get("action") == "sign_up" else None)
    if invitation is not None and request.method == "POST":
        try:
            if request.POST.get("action") == "accept" and request.user.is_authenticated:
                accept_invitation(token=token, user=request.user)
                return _welcome(request, invitation)
            if request.POST.get("action") == "sign_up" and form.is_valid():
                membership = sign_up_and_accept(
                    token=token, username=form.cleaned_data["username"], password=form.cleaned_data["password"]
                )
                auth.login(request, membership.user, backend="django.contrib.auth.backends.ModelBackend")
                return _welcome(request, invitation)
        except MembershipError as error:
            form.add_error(None, str(error))
    context = {
        **admin.site.each_context(request),
        "title": "Back-office invitation",
        "invitation": invitation,
        "form": form,
        "login_url": f"{reverse('admin:login')}?next={request.path}",
    }
    return render(request, "staff/invitation.html", context, status=200 if invitation else 404)


def _welcome(request, invitation):
    messages.success(request, f"You now have a role at {invitation.restaurant.name}.")
    return HttpResponseRedirect(reverse("admin:index"))
