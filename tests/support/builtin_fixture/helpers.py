"""A helper module: no ``tools()``, so discovery imports it and takes nothing."""

SHARED_LIMIT = 10
