"""The service's URLs plus tests-only routes under /v1/_test/."""

from django.urls import include, path

from config.urls import handler404, handler500
from config.urls import urlpatterns as service_urlpatterns
from tests.platform import testviews

__all__ = ["handler404", "handler500", "urlpatterns"]

test_patterns = [
    path("boom", testviews.BoomView.as_view()),
    path("plain-boom", testviews.plain_boom),
    path("echo", testviews.EchoWriteView.as_view()),
    path("companies", testviews.CompanyListView.as_view()),
    path("companies/create", testviews.CompanyCreateView.as_view()),
    path("companies/create-optional", testviews.OptionalKeyCompanyCreateView.as_view()),
    path("companies/create-slow", testviews.SlowCompanyCreateView.as_view()),
]

urlpatterns = [path("v1/_test/", include(test_patterns)), *service_urlpatterns]
