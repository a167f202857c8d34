from apikeys.api.views import PingViewSet
from config.api.router import ApiRouter

router = ApiRouter()
router.register("ping", PingViewSet, basename="ping")
urlpatterns = router.urls
