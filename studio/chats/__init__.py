"""Chats that last: the user's chats, their messages, tool traces and sources on disk.

Everything here is Qt-free. :mod:`studio.chats.store` keeps one SQLite file per profile in a
synchronous :class:`~studio.chats.store.ChatStore`, and :mod:`studio.chats.async_store` runs it
on its own thread for code on the event loop (:class:`~studio.chats.async_store.AsyncChatStore`);
:mod:`studio.chats.errors` holds what can go wrong, :mod:`studio.chats.rows` the conversions
between rows and :mod:`studio.chats.models`' frozen snapshots, and :mod:`studio.chats.migrations`
the schema as the steps that build it. :mod:`studio.chats.session` answers a chat and keeps
the turn: the window and ``studio ask`` both drive its :class:`~studio.chats.session.ChatSession`.
"""
