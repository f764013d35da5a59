"""Which links of an answer must show their address: the rule without Qt."""

from __future__ import annotations

import pytest

from studio.kernel.context import ChatContext
from studio.ui.chat.links import (
    NO_ADDRESSES,
    AddressBook,
    KnownAddresses,
    ShownLink,
    link_hides_address,
    shown_address,
)

KNOWN = KnownAddresses.of(["https://docs.example/guide", "not an address"])


@pytest.mark.parametrize(
    ("text", "href", "hides"),
    [
        ("the guide", "https://docs.example/guide", False),
        ("the guide", "HTTPS://DOCS.example:443/guide#part", False),
        ("the guide", "https://docs.example/guide?q=1", True),
        ("the docs", "https://evil.example/?q=secret", True),
        ("https://evil.example/", "https://evil.example/", False),
        ("evil.example", "https://evil.example/", False),
        ("someone@mail.example", "mailto:someone@mail.example", False),
        ("https://docs.example/guide", "https://evil.example/", True),
        ("docs.example", "https://docs.example/guide", True),
        ("see https://docs.example/guide", "https://docs.example/guide", False),
        ("see https://bank.example/ now", "https://docs.example/guide", True),
        ("click", "file:///bin/sh", True),
        ("click", "relative/page", True),
    ],
    ids=[
        "given",
        "given-other-spelling",
        "other-query",
        "not-given",
        "own-address",
        "own-host-without-scheme",
        "own-mail-address",
        "text-names-another-address",
        "text-names-another-host",
        "text-names-its-own-address",
        "text-mentions-another-address",
        "file",
        "relative",
    ],
)
def test_a_link_hides_its_address_unless_given_and_honest(
    text: str, href: str, hides: bool
) -> None:
    assert link_hides_address(text, href, KNOWN) is hides


def test_a_link_beside_a_link_elsewhere_always_shows_its_address() -> None:
    assert link_hides_address(
        "log in at", "https://docs.example/guide", KNOWN, beside_other_link=True
    )
    link = ShownLink(text="log in at", href="https://docs.example/guide", address_shown=True)
    assert not link.must_show_address(KNOWN)
    assert link.must_show_address(NO_ADDRESSES)


def test_known_addresses_leave_out_what_is_no_web_address() -> None:
    assert KNOWN.keys == frozenset({"https://docs.example:443/guide"})
    assert not KNOWN.includes("not an address")


def test_the_address_book_follows_the_live_context_and_the_users_messages() -> None:
    book = AddressBook()
    context = ChatContext()
    book.follow(context)
    book.add_text("Please compare (https://user.example/a).")
    assert book.known().includes("https://user.example/a")
    assert not book.known().includes("https://tool.example/b")

    context.web_addresses_given_to_model.add("https://tool.example/b")

    assert book.known().includes("https://tool.example/b")
    book.clear()
    assert book.known() == NO_ADDRESSES


def test_a_data_address_is_shown_without_its_content() -> None:
    address = "data:image/png;base64," + "A" * 10_000

    shown = shown_address(address)

    assert shown.startswith("data:image/png;base64,AAAA")
    assert shown.endswith("…")
    assert len(shown) < 60
    assert shown_address(" https://evil.example/?q=1 ") == "https://evil.example/?q=1"
