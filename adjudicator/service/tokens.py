"""Per-power secrets: shown once, stored only as a keyed hash (HMAC-SHA256 with the server's key).

Why not PBKDF2: a secret is 96 random bits (``new_secret``), not a password a person chose. Key
stretching makes each guess of a *small* space (a human password, ~2^30) expensive; against a
space of 2^96 a guess is hopeless whatever it costs, so 120,000 iterations bought nothing but
45-55 % of each mail's time (issue 18). One HMAC-SHA256 is about a microsecond.

The key (a pepper) is ``ADJUDICATOR_TOKEN_KEY`` when the operator sets it (kept outside the
database, a stolen dump then holds hashes nobody can even test a guess against); without it a fixed
built-in key is used, which still leaves a 2^96 search. The stored form names the key by a short id
(``hmac-sha256$<key id>$<hex digest>``), so a secret hashed under another key fails clearly (it is
refused, the log says why) instead of silently. Hashes of the old form
(``pbkdf2_sha256$<iterations>$<salt>$<hex>``) still verify; the caller stores ``upgraded`` after a
successful check, so each is rewritten on its next use. See docs/mail.md, "Secrets".
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
from functools import lru_cache

SCHEME = "hmac-sha256"
LEGACY = "pbkdf2_sha256"
KEY_ENV = "ADJUDICATOR_TOKEN_KEY"
_DEFAULT_KEY = b"adjudicator token hash, no operator key"
log = logging.getLogger(__name__)


def new_secret() -> str:
    return secrets.token_urlsafe(12)


def _key() -> bytes:
    given = os.environ.get(KEY_ENV, "")
    return given.encode() if given else _DEFAULT_KEY


@lru_cache(maxsize=8)
def _key_id(key: bytes) -> str:
    return hashlib.sha256(b"key id:" + key).hexdigest()[:8]


def hash_secret(secret: str) -> str:
    """The stored form of ``secret`` under the current key."""
    key = _key()
    digest = hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()
    return f"{SCHEME}${_key_id(key)}${digest}"


def pbkdf2_hash(secret: str, *, iterations: int = 120_000) -> str:
    """The old stored form (before issue 18); kept to test that such hashes still verify."""
    salt = secrets.token_hex(8)
    digest = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), iterations).hex()
    return f"{LEGACY}${iterations}${salt}${digest}"


def check_secret(secret: str, stored: str) -> bool:
    """True when ``secret`` is the one ``stored`` was made from (either form)."""
    parts = stored.split("$")
    if parts[0] == SCHEME and len(parts) == 3:
        key = _key()
        if parts[1] != _key_id(key):
            log.warning("a secret hashed under key %s, not the current key %s", parts[1], _key_id(key))
            return False
        candidate = hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()
        return hmac.compare_digest(candidate, parts[2])
    if parts[0] == LEGACY and len(parts) == 4 and parts[1].isdigit():
        _, iterations, salt, digest = parts
        candidate = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), int(iterations)).hex()
        return hmac.compare_digest(candidate, digest)
    return False


def upgraded(secret: str, stored: str) -> str | None:
    """After a successful ``check_secret``: the hash to store instead, or None when it is current."""
    return None if stored.startswith(f"{SCHEME}$") else hash_secret(secret)
