from config.api.router import ApiRouter
from guests.api.views import GuestViewSet

router = ApiRouter()
router.register("guests", GuestViewSet, basename="guests")
urlpatterns = router.urls
