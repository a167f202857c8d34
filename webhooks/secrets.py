"""Signing secrets: `whsec_` + base64 of 24 random bytes (the Standard Webhooks form).

Stored encrypted (Fernet, AES-128-CBC + HMAC-SHA256) under keys of the service's own:
`WEBHOOK_SECRET_KEYS` (a list, newest first, to rotate the service's key), or one derived
from `SECRET_KEY` when unset. A signing secret must be readable to sign, so it cannot be
hashed; the database alone (a dump, a replica) never reveals it.
"""

import base64
import hashlib
import secrets as random

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

PREFIX = "whsec_"


def new_secret() -> str:
    return PREFIX + base64.b64encode(random.token_bytes(24)).decode()


def _fernet() -> MultiFernet:
    keys = list(getattr(settings, "WEBHOOK_SECRET_KEYS", None) or [])
    if not keys:
        digest = hashlib.sha256(b"webhooks.secrets:" + settings.SECRET_KEY.encode()).digest()
        keys = [base64.urlsafe_b64encode(digest).decode()]
    return MultiFernet([Fernet(key) for key in keys])


def encrypt(secret: str) -> str:
    return _fernet().encrypt(secret.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as error:  # the service's key changed without listing the old one
        raise ValueError("A webhook secret cannot be decrypted with WEBHOOK_SECRET_KEYS.") from error


def masked(last4: str) -> str:
    return f"{PREFIX}...{last4}"
