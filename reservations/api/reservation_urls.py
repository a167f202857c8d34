from django.urls import path

from reservations.api import reservation_views as views

urlpatterns = [
    path("reservations", views.ReservationListView.as_view()),
    path("reservations/<str:reservation_id>", views.ReservationDetailView.as_view()),
    path("reservations/<str:reservation_id>/cancel", views.ReservationCancelView.as_view()),
    path("reservations/<str:reservation_id>/events", views.ReservationEventListView.as_view()),
]
