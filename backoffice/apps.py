from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class BackOfficeConfig(AppConfig):
    """The host's side of the back office: the timeline, the list, the booking card, the queues."""

    default = True
    name = "backoffice"
    verbose_name = "Back office"


class BackOfficeAdminConfig(admin_apps.AdminConfig):
    """Django's admin with our site (home page, the host's pages, admin-styled 404) as `admin.site`."""

    default = False  # named in INSTALLED_APPS by its path; `backoffice` itself is BackOfficeConfig
    default_site = "backoffice.site.BackOfficeSite"
