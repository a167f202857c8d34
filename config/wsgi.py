import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from config.ops.chunked import ChunkedBodyMiddleware  # noqa: E402 - needs the settings loaded

# A chunked request body reaches Django whole (config/ops/chunked.py).
application = ChunkedBodyMiddleware(django_application)

# What the process loaded to start (modules, models, URLs and the views they import) lives as long
# as the process: frozen out of the collector's reach, a full collection no longer walks it. A
# request that builds many objects (the 400-booking day sheet: about one full collection every
# five sheets) paid several milliseconds for each walk (docs/performance.md, issue 11).
get_resolver().url_patterns  # noqa: B018 - imports the URL configuration and its views now
gc.collect()
gc.freeze()
