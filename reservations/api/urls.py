from django.urls import path

from reservations.api import views

urlpatterns = [
    path("configuration", views.ConfigurationView.as_view()),
    path("sections", views.SectionListView.as_view()),
]
