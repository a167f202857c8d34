from django.urls import path
from django.views.generic import RedirectView

from config.ops.health import healthz, readyz

urlpatterns = [
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
    # The balancer's checks (config/ops/health.py): plain HTTP even where the site redirects to HTTPS.
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
]
