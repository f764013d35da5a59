"""``untrusted_chats``: additive allowances, the first policy decides whether users may allow,
and a policy that cannot be used allows nothing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from studio.config.organization import OrganizationPolicy
from tests.unit.config.policy.policy_files import Places, document


def load_folder(
    places: Places, tmp_path: Path, *files: tuple[str, Mapping[str, Any] | str]
) -> OrganizationPolicy:
    folder = tmp_path / "policy"
    for name, content in files:
        places.write(folder, name, content)
    return places.load(STUDIO_POLICY_FILE=str(folder))


def test_without_the_key_users_may_allow_and_nothing_is_allowed(
    places: Places, tmp_path: Path
) -> None:
    policy = load_folder(places, tmp_path, ("a.json", document("a")))

    assert policy.allowed_in_untrusted_chat_tool_ids == frozenset()
    assert policy.users_may_allow_in_untrusted_chats


def test_allowed_tools_add_up_across_policies_and_name_their_policy(
    places: Places, tmp_path: Path
) -> None:
    policy = load_folder(
        places,
        tmp_path,
        ("a.json", document("a", priority=5, untrusted_chats={"allowed_tools": ["clock"]})),
        ("b.json", document("b", untrusted_chats={"allowed_tools": ["notes", "clock"]})),
    )

    assert policy.allowed_in_untrusted_chat_tool_ids == frozenset({"clock", "notes"})
    # The first policy in precedence that names an id is the one the app names.
    assert policy.origin("untrusted:clock").startswith("a (")
    assert policy.origin("untrusted:notes").startswith("b (")
    assert policy.users_may_allow_in_untrusted_chats


def test_the_first_policy_to_say_decides_whether_users_may_allow(
    places: Places, tmp_path: Path
) -> None:
    policy = load_folder(
        places,
        tmp_path,
        ("a.json", document("a", priority=5, untrusted_chats={"users_may_allow": False})),
        ("b.json", document("b", untrusted_chats={"users_may_allow": True})),
        ("c.json", document("c", priority=9, untrusted_chats={"allowed_tools": ["clock"]})),
    )

    assert not policy.users_may_allow_in_untrusted_chats
    assert policy.origin("untrusted_chats").startswith("a (")


def test_a_broken_policy_allows_nothing_and_lets_no_user_allow(
    places: Places, tmp_path: Path
) -> None:
    policy = load_folder(
        places,
        tmp_path,
        ("a.json", document("a", untrusted_chats={"allowed_tools": ["clock"]})),
        ("b.json", document("b", untrusted_chats={"users_may_allow": True})),
        ("broken.json", '{"id": "broken", "untrusted_chats": {"allowed_tools": ['),
    )

    assert policy.restricts_all_tools
    assert policy.allowed_in_untrusted_chat_tool_ids == frozenset()
    assert not policy.users_may_allow_in_untrusted_chats
    assert policy.origin("untrusted_chats").endswith("broken.json")
    assert policy.origin("untrusted:clock") == ""


def test_a_broken_policy_of_a_lower_tier_is_strict_too(places: Places, tmp_path: Path) -> None:
    places.write(
        places.machine,
        "corp.json",
        document("corp", untrusted_chats={"allowed_tools": ["clock"], "users_may_allow": True}),
    )
    policy = load_folder(places, tmp_path, ("mine.json", "not json"))

    assert policy.allowed_in_untrusted_chat_tool_ids == frozenset()
    assert not policy.users_may_allow_in_untrusted_chats
