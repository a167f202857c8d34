"""The admin site of the back office: Django's, plus the host's pages (the timeline, the list, the
booking's card, the search and the pending queue) and a home page that names the restaurant
(today's covers, pending requests, next arrivals). A user who is only a host lands on today's
timeline."""

from django.contrib import admin
from django.shortcuts import redirect
from django.urls import path


class BackOfficeSite(admin.AdminSite):
    site_header = "Reservations back office"
    site_title = "Reservations back office"
    index_title = "Back office"
    index_template = "backoffice/index.html"

    def get_urls(self):
        from backoffice import views

        def view(function):
            return self.admin_view(function)

        extra = [
            path("floor/", view(views.timeline), name="timeline"),
            path("day/", view(views.day_sheet), name="day_sheet"),
            path("day/move/", view(views.move), name="day_sheet_move"),
            path("day/release-hold/", view(views.release_hold), name="day_sheet_release_hold"),
            path("day/waitlist/", view(views.waitlist_move), name="day_sheet_waitlist"),
            path("day/waitlist/add/", view(views.waitlist_add), name="day_sheet_waitlist_add"),
            path("day/new/", view(views.new_booking), name="day_sheet_new"),
            path("day/booking/<str:public_id>/", view(views.booking_card), name="day_sheet_booking"),
            path("day/booking/<str:public_id>/edit/", view(views.edit_booking), name="day_sheet_edit"),
            path("search/", view(views.search), name="booking_search"),
            path("pending/", view(views.pending), name="pending_queue"),
        ]
        return extra + super().get_urls()

    def index(self, request, extra_context=None):
        from backoffice import views

        if views.lands_on_timeline(request) and "index" not in request.GET:
            return redirect("admin:timeline")
        context = {**(extra_context or {}), "homes": views.home_cards(request)}
        return super().index(request, context)
