from django.urls import path

from guestpages import card, change, change_card, views, waitlist

urlpatterns = [
    path("<slug:slug>", views.booking_page, name="guest-booking-page"),
    path("<slug:slug>/waitlist", waitlist.join, name="guest-waitlist-join"),
    path("<slug:slug>/waitlist/<str:token>", waitlist.entry_detail, name="guest-waitlist-entry"),
    path("<slug:slug>/waitlist/<str:token>/change", waitlist.change, name="guest-waitlist-change"),
    path("<slug:slug>/waitlist/<str:token>/leave", waitlist.leave, name="guest-waitlist-leave"),
    path("<slug:slug>/waitlist/<str:token>/accept", waitlist.accept, name="guest-waitlist-accept"),
    path("<slug:slug>/<str:token>", views.reservation_page, name="guest-reservation"),
    path("<slug:slug>/<str:token>/cancel", views.cancel, name="guest-cancel"),
    path("<slug:slug>/<str:token>/calendar.ics", change.calendar_file, name="guest-calendar"),
    path("<slug:slug>/<str:token>/change", change.change, name="guest-change"),
    path("<slug:slug>/<str:token>/change/<str:change_token>/card", change_card.card, name="guest-change-card"),
    path("<slug:slug>/<str:token>/change/<str:change_token>/verify", change_card.verify, name="guest-change-verify"),
    path(
        "<slug:slug>/<str:token>/change/<str:change_token>/return", change_card.card_return, name="guest-change-return"
    ),
    path("<slug:slug>/<str:token>/card", card.card, name="guest-card"),
    path("<slug:slug>/<str:token>/card/verify", card.card_verify, name="guest-card-verify"),
    path("<slug:slug>/<str:token>/card/return", card.card_return, name="guest-card-return"),
    path("<slug:slug>/<str:token>/feedback", views.feedback, name="guest-feedback"),
]
