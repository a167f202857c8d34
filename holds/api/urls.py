from django.urls import path

from holds.api import views

urlpatterns = [
    path("holds", views.HoldListView.as_view()),
    path("holds/<str:hold_id>", views.HoldDetailView.as_view()),
]
