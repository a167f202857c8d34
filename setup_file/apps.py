from django.apps import AppConfig


class SetupFileConfig(AppConfig):
    """The restaurant setup file's loader and its commands (load_restaurant, demo): it creates rows of
    every app, so it sits above them all (docs/design.md, "Layers")."""

    name = "setup_file"
    verbose_name = "Restaurant setup file"
