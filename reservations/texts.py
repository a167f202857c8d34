"""Guest-facing text of the restaurant (service names, messages): one string, or one per language."""


def translate(text, locale: str, primary: str):
    """Guest-facing text: a string, or a map by language code (falls back to the primary)."""
    if text is None or isinstance(text, str):
        return text
    if isinstance(text, dict):
        for lang in (locale, primary):
            if text.get(lang) is not None:
                return text[lang]
        return next((value for value in text.values() if value is not None), None)
    return str(text)
