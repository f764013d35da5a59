"""Chats that last: the user's chats, their messages, tool traces and sources on disk.

Everything here is Qt-free. :mod:`studio.chats.store` keeps one SQLite file per profile and
offers a synchronous :class:`~studio.chats.store.ChatStore` plus an
:class:`~studio.chats.store.AsyncChatStore` that runs it on its own thread for code on the
event loop; :mod:`studio.chats.models` holds the frozen snapshots it returns, and
:mod:`studio.chats.migrations` the schema as the steps that build it.
"""
