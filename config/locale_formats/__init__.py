"""Django format modules of our own (settings.FORMAT_MODULE_PATH): only what differs from Django's."""
