"""Where a secret a command stored went: the OS keyring, or the backend the user chose.

keyring uses the backend its configuration names (``PYTHON_KEYRING_BACKEND`` or its own
configuration file) even where it would never pick it, such as a plain-text file. Studio
respects that choice, so a command that stores a secret names the backend that holds it rather
than saying "the OS keyring", and warns when keyring does not count it as secure.
"""

from __future__ import annotations

from studio.config.secrets import (
    KEYRING_NOT_SECURE,
    keyring_backend,
    open_system_store,
)
from studio.kernel.translatable import TranslatableMessage

__all__ = ["where_stored"]


async def where_stored() -> tuple[str, TranslatableMessage | None]:
    """Where secrets go, as in "is in ...", and the warning to print when it is not safe.

    The command line keeps secrets in the system keyring (:func:`open_system_store`); this
    asks keyring which backend that is, as storing did.
    """
    backend = await keyring_backend(open_system_store())
    if backend is None or not backend.chosen:
        # keyring picked the backend, and Studio takes only one it recommends.
        return "the OS keyring", None
    warning = (
        None if backend.secure else TranslatableMessage(KEYRING_NOT_SECURE, backend=backend.name)
    )
    return f"the keyring {backend.name!r}", warning
