from django.urls import path

from apikeys.api import views

urlpatterns = [path("ping", views.PingView.as_view())]
