"""The project's URLs plus a bare Django view answering what GET /v1/ping answers.

The bare view is the baseline of issue 2: the same JSON through Django's middleware
stack, without DRF and the platform layer (auth, version, request id, rate limit).
"""

from django.http import JsonResponse
from django.urls import path

from config.urls import handler404, handler500  # noqa: F401
from config.urls import urlpatterns as project_urlpatterns


def bare_ping(request):
    return JsonResponse({"object": "ping", "ok": True})


urlpatterns = [path("bench/bare-ping", bare_ping), *project_urlpatterns]
