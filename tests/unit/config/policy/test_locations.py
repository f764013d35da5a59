"""Several policies: which place and which priority wins per key, on Linux, macOS and Windows."""

from __future__ import annotations

import json
import os
import plistlib
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from studio.config.policy import locations
from studio.config.policy.locations import Tier, searched_places
from studio.kernel.policy import OutboundDataRestriction
from tests.unit.config.policy.policy_files import Places, defaults, document, key, locked

BUNDLE_PLIST = "org.studio.Studio.plist"


def registry_place() -> str:
    return "HKLM\\Software\\Policies\\Studio\\Policy"


# Priority and order within one kind of place.


def test_the_higher_priority_wins_per_key_and_the_others_still_apply(places: Places) -> None:
    places.write(
        places.machine,
        "10-base.json",
        document(
            "base",
            priority=10,
            settings={**locked(endpoint="https://base.example.org/"), **defaults(max_results=5)},
        ),
    )
    places.write(
        places.machine,
        "20-team.json",
        document("team", priority=20, settings=locked(endpoint="https://team.example.org/")),
    )

    policy = places.load()

    assert policy.locked_tool_settings[key("endpoint")] == "https://team.example.org/"
    assert policy.default_tool_settings[key("max_results")] == "5"
    assert policy.origin(key("endpoint")).startswith("team (")
    assert policy.origin(key("max_results")).startswith("base (")
    assert [source.policy_id for source in policy.in_force] == ["base", "team"]
    assert not policy.restricts_all_tools


def test_equal_priorities_go_by_the_order_of_the_locations(places: Places) -> None:
    for folder, policy_id in [
        (places.xdg("xdg-b"), "listed-second"),
        (places.xdg("xdg-a"), "listed-first"),
    ]:
        places.write(folder, "1.json", document(policy_id, settings=locked(mode="FAST")))
        places.write(folder, "2.json", document(f"{policy_id}-2", settings=locked(mode="X")))

    policy = places.load()

    # $XDG_CONFIG_DIRS lists xdg-a first; within a folder the files go by name.
    assert policy.origin(key("mode")).startswith("listed-first (")
    assert policy.locked_tool_settings[key("mode")] == "FAST"


@pytest.mark.parametrize("priority", [-1_000_000, 0])
def test_the_machine_folder_beats_any_priority_of_user_chosen_places(
    places: Places, tmp_path: Path, priority: int
) -> None:
    places.write(
        places.machine,
        "machine.json",
        document("machine", priority=priority, settings=locked(endpoint="https://machine/")),
    )
    places.write(
        places.xdg("xdg-a"),
        "xdg.json",
        document(
            "xdg",
            priority=1_000_000,
            settings={**locked(endpoint="https://xdg/"), **locked(max_results=3)},
        ),
    )
    chosen = places.write(
        tmp_path / "chosen",
        "chosen.json",
        document(
            "chosen",
            priority=1_000_000,
            settings={
                **locked(endpoint="https://chosen/"),
                **locked(max_results=9),
                **locked(mode="FAST"),
            },
        ),
    )

    policy = places.load(STUDIO_POLICY_FILE=str(chosen))

    assert policy.locked_tool_settings[key("endpoint")] == "https://machine/"
    assert policy.locked_tool_settings[key("max_results")] == "3"
    assert policy.locked_tool_settings[key("mode")] == "FAST"
    assert [(source.policy_id, source.tier) for source in policy.sources] == [
        ("machine", Tier.MACHINE),
        ("xdg", Tier.SYSTEM_CONFIG_DIRS),
        ("chosen", Tier.ENVIRONMENT),
    ]


def test_switched_off_tools_add_up_and_lists_replace(places: Places, tmp_path: Path) -> None:
    places.write(
        places.machine,
        "machine.json",
        document(
            "machine",
            disabled_tools=["shell"],
            trusted_providers=["Company GPT"],
            default_tools={"CHAT": ["web_search"]},
        ),
    )
    chosen = places.write(
        tmp_path,
        "chosen.json",
        document(
            "chosen",
            priority=5,
            disabled_tools=["web_fetch"],
            trusted_providers=["Company GPT", "Someone Else"],
            default_tools={"CHAT": ["shell", "web_fetch"], "TRANSLATION_ASSISTANT": ["glossary"]},
        ),
    )

    policy = places.load(STUDIO_POLICY_FILE=str(chosen))

    assert policy.disabled_tool_ids == {"shell", "web_fetch"}
    assert policy.trusted_provider_names == {"Company GPT"}
    assert dict(policy.default_tool_ids_by_component) == {
        "CHAT": ("web_search",),
        "TRANSLATION_ASSISTANT": ("glossary",),
    }
    assert policy.origin("disabled:web_fetch").startswith("chosen (")
    assert policy.origin("trusted:Someone Else") == ""


def test_a_policy_folder_named_by_the_environment_contributes_every_json_file(
    places: Places, tmp_path: Path
) -> None:
    folder = tmp_path / "policies"
    places.write(folder, "a.json", document("a", settings=locked(mode="FAST")))
    places.write(folder, "b.json", document("b", disabled_tools=["shell"]))
    places.write(folder, "notes.txt", "not a policy")
    places.write(folder, ".hidden.json", "{not even JSON")

    policy = places.load(STUDIO_POLICY_FILE=str(folder))

    assert [(s.policy_id, s.tier) for s in policy.sources] == [
        ("a", Tier.ENVIRONMENT),
        ("b", Tier.ENVIRONMENT),
    ]
    assert policy.locked_tool_settings[key("mode")] == "FAST"
    assert policy.disabled_tool_ids == {"shell"}
    assert policy.problems == ()


@pytest.mark.parametrize("extra", [0, 1], ids=["as-many-as-allowed", "one-too-many"])
def test_a_folder_with_too_many_policies_reads_none_of_them(places: Places, extra: int) -> None:
    for number in range(locations.MAX_FILES + extra):
        places.write(places.machine, f"{number:04}.json", document(f"p{number}"))

    policy = places.load()

    if extra:
        assert policy.restricts_all_tools
        assert [source.in_force for source in policy.sources] == [False]
        assert f"more than {locations.MAX_FILES} policy files" in policy.problems[0].text()
    else:
        assert not policy.restricts_all_tools
        assert len(policy.in_force) == locations.MAX_FILES


def test_a_missing_file_named_by_the_environment_switches_every_tool_off(
    places: Places, tmp_path: Path
) -> None:
    policy = places.load(STUDIO_POLICY_FILE=str(tmp_path / "missing.json"))

    assert policy.restricts_all_tools
    assert [problem.fatal for problem in policy.problems] == [True]
    assert "missing.json" in policy.problems[0].text()


def test_no_policy_anywhere_decides_nothing(places: Places) -> None:
    policy = places.load()

    assert policy.sources == ()
    assert not policy.restricts_all_tools
    assert policy.minimum_outbound_restriction is OutboundDataRestriction.UNRESTRICTED


# macOS.


def test_macos_managed_preferences_beat_the_machine_folder(places: Places) -> None:
    places.write(
        places.mac_machine,
        "machine.json",
        document(
            "mac-machine",
            priority=1_000_000,
            settings={**locked(endpoint="https://machine/"), **locked(max_results=4)},
        ),
    )
    places.mac_managed.mkdir(parents=True)
    with (places.mac_managed / BUNDLE_PLIST).open("wb") as file:
        plistlib.dump(
            document(
                "mdm",
                priority=-1_000_000,
                settings=locked(endpoint="https://managed/"),
                disabled_tools=["shell"],
            ),
            file,
        )
    # Linux places are not searched on macOS.
    places.write(places.machine, "linux.json", document("linux", settings=locked(mode="X")))
    places.write(places.xdg("xdg-a"), "xdg.json", document("xdg", settings=locked(mode="Y")))

    policy = places.load(platform="darwin")

    assert policy.locked_tool_settings[key("endpoint")] == "https://managed/"
    assert policy.locked_tool_settings[key("max_results")] == "4"
    assert key("mode") not in policy.locked_tool_settings
    assert policy.disabled_tool_ids == {"shell"}
    assert [(s.policy_id, s.tier) for s in policy.sources] == [
        ("mdm", Tier.MANAGED),
        ("mac-machine", Tier.MACHINE),
    ]
    assert policy.sources[0].place == str(places.mac_managed / BUNDLE_PLIST)


def test_macos_managed_preferences_of_the_user_come_before_those_of_the_machine(
    places: Places,
) -> None:
    account = pwd.getpwuid(os.getuid()).pw_name
    user_folder = places.mac_managed / account
    user_folder.mkdir(parents=True)
    (user_folder / BUNDLE_PLIST).write_bytes(
        plistlib.dumps(document("user-mdm", settings=locked(mode="FAST")), fmt=plistlib.FMT_BINARY)
    )
    (places.mac_managed / BUNDLE_PLIST).write_bytes(
        plistlib.dumps(document("mdm", settings=locked(mode="THOROUGH", max_results=2)))
    )
    # Another account's preferences, which USER would name if it were trusted.
    other = places.mac_managed / "someone-else"
    other.mkdir()
    (other / BUNDLE_PLIST).write_bytes(plistlib.dumps(document("other", tools_enabled=True)))

    policy = places.load(platform="darwin", USER="someone-else")

    assert policy.locked_tool_settings[key("mode")] == "FAST"
    assert policy.locked_tool_settings[key("max_results")] == "2"
    # The account comes from the system's user database, not from USER.
    assert [s.policy_id for s in policy.sources] == ["user-mdm", "mdm"]


def test_macos_managed_preferences_that_are_not_a_property_list_switch_tools_off(
    places: Places,
) -> None:
    places.mac_managed.mkdir(parents=True)
    (places.mac_managed / BUNDLE_PLIST).write_bytes(b"<plist><dict><key>id")
    places.write(places.mac_machine, "ok.json", document("ok", settings=locked(mode="FAST")))

    policy = places.load(platform="darwin")

    assert policy.restricts_all_tools
    assert policy.locked_tool_settings[key("mode")] == "FAST"
    assert "property list" in policy.problems[0].text()


# Windows.


def test_the_registry_is_not_a_file(
    places: Places, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file called like the registry value, where a relative path would find it.
    monkeypatch.chdir(tmp_path)
    impostor = tmp_path / registry_place()
    impostor.parent.mkdir(parents=True, exist_ok=True)
    impostor.write_text(
        json.dumps(document("impostor", disabled_tools=["shell"])), encoding="utf-8"
    )
    program_data = places.root / "ProgramData"

    on_linux = places.load(platform="linux")
    on_windows = places.load(platform="win32", ProgramData=str(program_data))

    assert registry_place() not in [place for _, place in searched_places({}, platform="linux")]
    assert (Tier.MANAGED, registry_place()) in searched_places({}, platform="win32")
    assert on_linux.sources == ()
    assert on_linux.disabled_tool_ids == frozenset()
    if sys.platform != "win32":
        # Elsewhere there is no registry: nothing is read from it, and not as a file either.
        assert on_windows.sources == ()
        assert on_windows.disabled_tool_ids == frozenset()


def test_a_registry_key_that_is_missing_gives_no_policy() -> None:
    missing = "Software\\Policies\\Studio-test-key-that-does-not-exist-5f0c"

    assert locations._registry_value("Policy", missing) is None
    assert locations._registry_value("PolicySecret", missing) is None


def test_the_registry_policy_beats_the_machine_folder_and_is_read_only_on_windows(
    places: Places, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    registry = {
        "Policy": json.dumps(
            document("gpo", priority=-5, settings=locked(endpoint="https://gpo/"))
        ),
    }

    def fake_registry(name: str, key_path: str = "") -> tuple[object, int] | None:
        asked.append(name)
        return (registry[name], 1) if name in registry else None

    monkeypatch.setattr(locations, "_registry_value", fake_registry)
    program_data = places.root / "ProgramData"
    places.write(
        program_data / "Studio" / "policy.d",
        "machine.json",
        document("machine", priority=99, settings=locked(endpoint="https://m/", mode="FAST")),
    )

    on_linux = places.load(platform="linux", ProgramData=str(program_data))
    assert asked == []
    assert on_linux.sources == ()

    on_windows = places.load(platform="win32", ProgramData=str(program_data))

    assert on_windows.locked_tool_settings[key("endpoint")] == "https://gpo/"
    assert on_windows.locked_tool_settings[key("mode")] == "FAST"
    assert [(s.policy_id, s.tier, s.place) for s in on_windows.sources] == [
        ("gpo", Tier.MANAGED, registry_place()),
        ("machine", Tier.MACHINE, str(program_data / "Studio" / "policy.d" / "machine.json")),
    ]


def test_a_registry_policy_that_is_not_a_string_switches_every_tool_off(
    places: Places, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locations, "_registry_value", lambda name, key_path="": (b"\x00", 3))

    policy = places.load(platform="win32")

    assert policy.restricts_all_tools
    assert "must be a string" in policy.problems[0].text()


@pytest.mark.parametrize("level", list(OutboundDataRestriction), ids=lambda level: level.name)
def test_every_outbound_restriction_is_kept_as_the_policy_sets_it(
    places: Places, level: OutboundDataRestriction
) -> None:
    places.write(
        places.machine,
        "outbound.json",
        document("outbound", minimum_outbound_data_restriction=level.name),
    )

    policy = places.load()

    assert policy.minimum_outbound_restriction is level
    assert policy.origin("outbound").startswith("outbound (")


def test_a_machine_without_policies_opens_without_building_the_policy_models(
    tmp_path: Path,
) -> None:
    # Most machines have no policy: opening the services must not pay for the policy's models,
    # the cipher or the property-list parser, which only a policy there is to read needs.
    probe = (
        "import sys; from pathlib import Path; from studio.config.paths import StudioPaths;"
        "from studio.services import Services;"
        f"services = Services.open(StudioPaths.for_basedir(Path({str(tmp_path)!r})));"
        "print(sorted(name for name in ('studio.config.policy.document', 'cryptography',"
        " 'plistlib') if name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
