from config.api.router import ApiRouter
from holds.api.views import HoldViewSet

router = ApiRouter()
router.register("holds", HoldViewSet, basename="holds")
urlpatterns = router.urls
