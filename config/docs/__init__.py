"""The partner documentation the service serves under /docs/: an index, the API reference
(Redoc on the OpenAPI document, every asset served locally), the error reference rendered
from config.error_codes, and the guides rendered from docs/guides/*.md."""
