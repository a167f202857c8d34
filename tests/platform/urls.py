"""The service's URLs plus tests-only routes under /v1/_test/."""

from django.urls import include, path

from config.api.router import ApiRouter
from config.urls import handler404, handler500
from config.urls import urlpatterns as service_urlpatterns
from tests.platform import testviews

__all__ = ["handler404", "handler500", "urlpatterns"]

router = ApiRouter()
router.register("boom", testviews.BoomViewSet, basename="boom")
router.register("lost-connection", testviews.LostConnectionViewSet, basename="lost-connection")
router.register("echo", testviews.EchoViewSet, basename="echo")
router.register("companies", testviews.CompanyViewSet, basename="companies")
router.register("companies/create", testviews.CompanyCreateViewSet, basename="companies-create")
router.register("companies/create-optional", testviews.OptionalKeyCompanyCreateViewSet, basename="companies-opt")
router.register("companies/create-slow", testviews.SlowCompanyCreateViewSet, basename="companies-slow")

test_patterns = [path("plain-boom", testviews.plain_boom), *router.urls]

urlpatterns = [path("v1/_test/", include(test_patterns)), *service_urlpatterns]
