from django.apps import AppConfig


class ApiKeysConfig(AppConfig):
    name = "apikeys"
    verbose_name = "API access"
