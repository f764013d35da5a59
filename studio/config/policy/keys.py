"""How a policy names its places: JSON pointers into a file and the keys of shipped secrets.

Kept apart from :mod:`~studio.config.policy.document`, so that what only needs a name (the
start-up notices, the tools' checks) does not build the policy's models.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["SETTING_KEY_PATTERN", "is_encryption_key", "pointer", "provider_key"]

SETTING_KEY_PATTERN = r"^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_.-]{1,128}$"
"""A tool setting's key, ``"<tool id>.<field>"``: tool ids have no dots, field names may."""
_SETTING_KEY = re.compile(SETTING_KEY_PATTERN)
_PROVIDER_PREFIX, _PROVIDER_SUFFIX = "providers.", ".api_key"


def pointer(parts: Iterable[int | str]) -> str:
    """The JSON pointer (RFC 6901) of a place in a policy: ``/settings/web_search.maxResults``.

    ``"/"`` is the whole document.
    """
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def provider_key(name: str) -> str:
    """The key a provider's shipped API key is encrypted for: ``"providers.<name>.api_key"``."""
    return f"{_PROVIDER_PREFIX}{name}{_PROVIDER_SUFFIX}"


def is_encryption_key(key: str) -> bool:
    """Whether a value can be encrypted for ``key``: a setting key or a provider's key."""
    name = key.removeprefix(_PROVIDER_PREFIX).removesuffix(_PROVIDER_SUFFIX)
    if name and key == provider_key(name):
        return True
    return _SETTING_KEY.fullmatch(key) is not None
