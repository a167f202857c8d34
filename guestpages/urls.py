from django.urls import path

from guestpages import card, views, waitlist

urlpatterns = [
    path("<slug:slug>", views.booking_page, name="guest-booking-page"),
    path("<slug:slug>/waitlist", waitlist.join, name="guest-waitlist-join"),
    path("<slug:slug>/waitlist/<str:token>", waitlist.entry_detail, name="guest-waitlist-entry"),
    path("<slug:slug>/waitlist/<str:token>/change", waitlist.change, name="guest-waitlist-change"),
    path("<slug:slug>/waitlist/<str:token>/leave", waitlist.leave, name="guest-waitlist-leave"),
    path("<slug:slug>/waitlist/<str:token>/accept", waitlist.accept, name="guest-waitlist-accept"),
    path("<slug:slug>/<str:token>", views.reservation_page, name="guest-reservation"),
    path("<slug:slug>/<str:token>/cancel", views.cancel, name="guest-cancel"),
    path("<slug:slug>/<str:token>/card", card.card, name="guest-card"),
    path("<slug:slug>/<str:token>/card/verify", card.card_verify, name="guest-card-verify"),
    path("<slug:slug>/<str:token>/card/return", card.card_return, name="guest-card-return"),
    path("<slug:slug>/<str:token>/feedback", views.feedback, name="guest-feedback"),
]
