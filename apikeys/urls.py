from django.urls import path

from apikeys.views import invitation_page

urlpatterns = [path("invitations/<str:token>", invitation_page, name="staff-invitation")]
