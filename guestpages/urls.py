from django.urls import path

from guestpages import views

urlpatterns = [
    path("<slug:slug>", views.booking_page, name="guest-booking-page"),
    path("<slug:slug>/<str:token>", views.reservation_page, name="guest-reservation"),
    path("<slug:slug>/<str:token>/cancel", views.cancel, name="guest-cancel"),
    path("<slug:slug>/<str:token>/card", views.card, name="guest-card"),
    path("<slug:slug>/<str:token>/card/verify", views.card_verify, name="guest-card-verify"),
    path("<slug:slug>/<str:token>/card/return", views.card_return, name="guest-card-return"),
    path("<slug:slug>/<str:token>/feedback", views.feedback, name="guest-feedback"),
]
