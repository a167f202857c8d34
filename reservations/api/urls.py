from django.urls import path

from reservations.api import availability_views, views

urlpatterns = [
    path("configuration", views.ConfigurationView.as_view()),
    path("sections", views.SectionListView.as_view()),
    path("availability", availability_views.DayAvailabilityView.as_view()),
    path("availability/months", availability_views.MonthAvailabilityView.as_view()),
]
