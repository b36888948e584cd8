"""Per-power secrets: shown once, stored only as a salted PBKDF2 hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets

ITERATIONS = 120_000


def new_secret() -> str:
    return secrets.token_urlsafe(12)


def hash_secret(secret: str, *, iterations: int = ITERATIONS) -> str:
    salt = secrets.token_hex(8)
    digest = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), iterations).hex()
    return f"pbkdf2_sha256${iterations}${salt}${digest}"


def check_secret(secret: str, stored: str) -> bool:
    try:
        _, iterations, salt, digest = stored.split("$")
    except ValueError:
        return False
    candidate = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), int(iterations)).hex()
    return hmac.compare_digest(candidate, digest)
