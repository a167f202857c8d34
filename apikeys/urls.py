from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from apikeys.views import invitation_page

urlpatterns = [
    path("invitations/<str:token>", invitation_page, name="staff-invitation"),
    # A staff member chooses a new password from the link an owner had sent (the admin's templates).
    path(
        "password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("staff-password-done")),
        name="staff-password",
    ),
    path("password/done/", auth_views.PasswordResetCompleteView.as_view(), name="staff-password-done"),
]
