"""``studio ask --chat`` and ``studio chats``: stored chats from the installed command.

Every command runs as a user's terminal runs it, against the fake provider over loopback; the
chat history is the profile's real file, the one the app opens.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.chats.errors import UnknownChatError
from studio.chats.store import FILE_NAME, ChatStore
from studio.config.paths import StudioPaths
from studio.kernel.policy import ChatRequirements, ConfidenceLevel
from tests.support import cli_runs
from tests.support import fake_provider as fake

fake_provider = fake.fake_provider

KEY = "sk-chats-16180339"


@pytest.fixture
def profile(tmp_path: Path, fake_provider: fake.FakeProviderServer) -> Path:
    made = tmp_path / "profile"
    cli_runs.add_provider(made, "fake", f"{fake_provider.url}/v1", KEY)
    return made


def history_file(profile: Path) -> Path:
    return StudioPaths.for_basedir(profile).data_dir / FILE_NAME


def ask_new(profile: Path, fake_provider: fake.FakeProviderServer, message: str) -> str:
    fake_provider.enqueue(fake.chat_turn(["Kept ", "answer."]))
    asked = cli_runs.run_studio(
        profile, "ask", "--chat", "new", "--provider", "fake", "--json", message
    )
    assert asked.returncode == 0, asked.stderr
    document = json.loads(asked.stdout)
    assert document["state"] == "complete"
    assert document["answer"] == "Kept answer."
    chat_id: str = document["chat_id"]
    return chat_id


def test_ask_in_a_new_chat_stores_it_and_chats_list_shows_it(
    profile: Path, fake_provider: fake.FakeProviderServer
) -> None:
    chat_id = ask_new(profile, fake_provider, "What is kept?\nSecond line")

    listed = cli_runs.run_studio(profile, "chats", "list", "--json")
    shown = cli_runs.run_studio(profile, "chats", "show", chat_id, "--json")

    assert listed.returncode == 0, listed.stderr
    [chat] = json.loads(listed.stdout)
    assert (chat["id"], chat["title"], chat["provider"]) == (chat_id, "What is kept?", "fake")
    assert shown.returncode == 0, shown.stderr
    messages = json.loads(shown.stdout)["messages"]
    assert [(m["role"], m["text"], m["state"]) for m in messages] == [
        ("user", "What is kept?\nSecond line", "complete"),
        ("assistant", "Kept answer.", "complete"),
    ]
    assert [m["model"] for m in messages] == ["", "m"]


def test_ask_names_a_new_chat_on_stderr_and_continues_it_with_its_provider(
    profile: Path, fake_provider: fake.FakeProviderServer
) -> None:
    fake_provider.enqueue(fake.chat_turn(["First."]), fake.chat_turn(["Second."]))
    started = cli_runs.run_studio(profile, "ask", "--chat", "new", "--provider", "fake", "One")
    assert started.returncode == 0, started.stderr
    assert started.stdout == "First.\n"
    [line] = started.stderr.splitlines()
    assert line.startswith("studio: chat ")
    chat_id = line.removeprefix("studio: chat ")

    # No --provider: the chat's own, the one it last answered with.
    continued = cli_runs.run_studio(profile, "ask", "--chat", chat_id, "Two")

    assert continued.returncode == 0, continued.stderr
    assert continued.stdout == "Second.\n"
    assert continued.stderr == ""
    sent = fake_provider.last_request.json["messages"]
    assert [(m["role"], m["content"]) for m in sent] == [
        ("user", "One"),
        ("assistant", "First."),
        ("user", "Two"),
    ]
    with ChatStore(history_file(profile)) as store:
        texts = [message.text for message in store.messages(chat_id)]
    assert texts == ["One", "First.", "Two", "Second."]


def test_a_continued_chat_keeps_its_requirements_and_refuses_a_less_trusted_provider(
    profile: Path, fake_provider: fake.FakeProviderServer
) -> None:
    chat_id = ask_new(profile, fake_provider, "Read the internal handbook")
    # What a tool result left in the chat, as the app stores it.
    with ChatStore(history_file(profile)) as store:
        store.save_requirements(chat_id, ChatRequirements(provider_confidence=ConfidenceLevel.HIGH))
    added = cli_runs.run_studio(
        profile, "providers", "add", "cheap", "--type", "openai-chat", "--base-url",
        f"{fake_provider.url}/v1", "--model", "m", "--confidence", "LOW", "--api-key-stdin",
        input_text=KEY,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    requests_before = len(fake_provider.requests)

    refused = cli_runs.run_studio(profile, "ask", "--chat", chat_id, "--provider", "cheap", "Go")

    assert refused.returncode == 1
    [line] = refused.stderr.splitlines()
    assert line.startswith(
        "studio: This chat holds content that may only be sent to a provider with confidence "
    )
    assert "'cheap'" in line
    assert len(fake_provider.requests) == requests_before
    with ChatStore(history_file(profile)) as store:
        *_, question, answer = store.messages(chat_id)
        requirements = store.load_requirements(chat_id)
    # Stored as the app stores a refused answer: the question, and the failure the user saw.
    assert (question.text, answer.state, answer.text) == ("Go", "failed", "")
    assert answer.error_message == line.removeprefix("studio: ")
    assert requirements.provider_confidence is ConfidenceLevel.HIGH


def test_chats_export_and_delete(profile: Path, fake_provider: fake.FakeProviderServer) -> None:
    chat_id = ask_new(profile, fake_provider, "Export me")

    exported = cli_runs.run_studio(profile, "chats", "export", chat_id)
    as_json = cli_runs.run_studio(profile, "chats", "export", chat_id, "--format", "json")
    deleted = cli_runs.run_studio(profile, "chats", "delete", chat_id)
    listed = cli_runs.run_studio(profile, "chats", "list")
    gone = cli_runs.run_studio(profile, "chats", "show", chat_id)

    assert exported.returncode == 0, exported.stderr
    assert exported.stdout == (
        "# Export me\n\n## You\n\nExport me\n\n## Assistant (fake · m)\n\nKept answer.\n"
    )
    assert json.loads(as_json.stdout)["id"] == chat_id
    assert deleted.returncode == 0, deleted.stderr
    assert listed.stdout == "No chats are stored.\n"
    assert gone.returncode == 1
    assert gone.stderr == f"studio: There is no chat {chat_id!r}.\n"
    # A terminal offers no undo: the chat is removed from the file for good.
    with ChatStore(history_file(profile)) as store, pytest.raises(UnknownChatError):
        store.chat(chat_id)


def test_chats_show_makes_control_characters_visible(
    profile: Path, fake_provider: fake.FakeProviderServer
) -> None:
    fake_provider.enqueue(fake.chat_turn(["\x1b[2Jcleared"]))
    asked = cli_runs.run_studio(
        profile, "ask", "--chat", "new", "--provider", "fake", "--json", "Hi"
    )
    chat_id = json.loads(asked.stdout)["chat_id"]

    shown = cli_runs.run_studio(profile, "chats", "show", chat_id)

    assert shown.returncode == 0, shown.stderr
    assert "\x1b" not in shown.stdout
    assert "\\x1b[2Jcleared" in shown.stdout
