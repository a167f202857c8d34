from config.api.router import ApiRouter
from waitlist.api.views import WaitlistEntryViewSet

router = ApiRouter()
router.register("waitlist-entries", WaitlistEntryViewSet, basename="waitlist-entries")
urlpatterns = router.urls
