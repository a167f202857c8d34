"""The restaurant setup file (docs: the spec's restaurant-setup.md): a Django app of its own, above
every app whose rows it creates (docs/design.md, "Layers").

    setup_file.loader.load(text) -> {"restaurant": "rst_...", "slug": ..., "sections": {...}, ...}

raises setup_file.errors.SetupFileInvalid(problems) with every problem of the file, each as
`path: message`, and then nothing has been written. `manage.py load_restaurant` and `manage.py demo`
run it. (Nothing is imported here: Django imports the app's package before the models are ready.)
"""
