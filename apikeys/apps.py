from django.apps import AppConfig


class ApiKeysConfig(AppConfig):
    name = "apikeys"
    verbose_name = "API access"

    def ready(self):
        from apikeys import services  # noqa: F401  its error codes join config.error_codes' table
