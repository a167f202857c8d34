from config.api.router import ApiRouter
from reservations.api import availability_views, reservation_views, views

router = ApiRouter()
router.register("configuration", views.ConfigurationViewSet, basename="configuration")
router.register("sections", views.SectionViewSet, basename="sections")
router.register("availability", availability_views.DayAvailabilityViewSet, basename="availability")
router.register("availability/months", availability_views.MonthAvailabilityViewSet, basename="availability-months")
router.register("reservations", reservation_views.ReservationViewSet, basename="reservations")
router.register(
    r"reservations/(?P<reservation_id>[^/]+)/events",
    reservation_views.ReservationEventViewSet,
    basename="reservation-events",
)
urlpatterns = router.urls
