"""API key secrets: generated once, stored only as a SHA-256 hash and the last 4 characters.

A secret carries about 190 bits of randomness, so a fast hash is enough: nothing
can be guessed from the hash, and lookup stays one indexed query per request.
"""

import hashlib

from config.ids import random_token

SECRET_PREFIX = "sk_live_"
SECRET_RANDOM_LENGTH = 32


def generate_secret() -> str:
    return SECRET_PREFIX + random_token(SECRET_RANDOM_LENGTH)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()
