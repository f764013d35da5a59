"""Broken and hostile policy files: refused whole, quickly, with a clear message; tools go off."""

from __future__ import annotations

import codecs
import itertools
import json
import os
import string
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from studio.config.policy.loader import MAX_DEPTH, MAX_VALUES, parse, read_file
from studio.config.policy.locations import MAX_POLICY_BYTES, MAX_TOTAL_BYTES, PolicyText, Tier
from studio.kernel.policy import OutboundDataRestriction
from studio.tools.settings import ToolSettingsService
from tests.unit.config.policy.policy_files import TOOL_ID, Places, document, key, locked

SettingsServiceFactory = Callable[..., ToolSettingsService]
MIB = 1024 * 1024
BOUND_SECONDS = 2.0
"""How long reading one hostile file may take at most (it takes some milliseconds)."""

# Every broken file would lock the mode, if any of it were used.
_MARK = '"settings": {"sample_search.mode": {"value": "FAST"}}'


def _keys(count: int) -> list[str]:
    alphabet = string.ascii_letters + string.digits + "_-"
    names = ("".join(letters) for letters in itertools.product(alphabet, repeat=3))
    return [f"a.{name}" for name, _ in zip(names, range(count), strict=False)]


def _many_entries() -> bytes:
    entries = ",".join(f'"{name}":0' for name in _keys(100_000))
    return ('{"id": "broken", "settings": {' + entries + "}}").encode()


def _deep() -> bytes:
    return b'{"id": "broken", "description": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"


# (content, words the problem says, where it says it is)
REFUSED: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "invalid-json": (
        lambda: ('{"id": "broken",\n  ' + _MARK + ",\n}").encode(),
        "is not JSON",
        "line 3, column 1",
    ),
    "wrong-types": (
        lambda: json.dumps(
            {"id": "broken", "priority": "high", "settings": {key("mode"): {"value": "FAST"}}}
        ).encode(),
        "valid integer",
        "/priority",
    ),
    "wrong-mode": (
        lambda: json.dumps(
            {"id": "broken", "settings": {key("mode"): {"value": "FAST", "mode": "sometimes"}}}
        ).encode(),
        "'locked' or 'default'",
        "/settings/sample_search.mode/mode",
    ),
    "unknown-key": (
        lambda: ('{"id": "broken", "setings": {}, ' + _MARK + "}").encode(),
        "Extra inputs are not permitted",
        "/setings",
    ),
    "not-a-setting-key": (
        lambda: ('{"id": "broken", ' + _MARK[:-1] + ', "max_results": {"value": 3}}}').encode(),
        "is not a setting key",
        "/settings/max_results",
    ),
    "duplicate-key": (
        lambda: ('{"id": "broken", ' + _MARK + ', "tools_enabled": true, "id": "x"}').encode(),
        "'id' appears more than once",
        "",
    ),
    "nan": (
        lambda: ('{"id": "broken", "priority": NaN, ' + _MARK + "}").encode(),
        "NaN is not a JSON number",
        "",
    ),
    "infinity": (
        lambda: ('{"id": "broken", "priority": -Infinity, ' + _MARK + "}").encode(),
        "-Infinity is not a JSON number",
        "",
    ),
    "invalid-utf8": (
        lambda: (b'{"id": "broken", "description": "caf') + b"\xe9" + b'", }',
        "not UTF-8 text (the bytes at offset 36 are not)",
        "",
    ),
    "invalid-utf8-after-a-bom": (
        lambda: codecs.BOM_UTF8 + b'{"id": "x\xff"}',
        "at offset 12 are not",
        "",
    ),
    "not-an-object": (lambda: b'["id", "broken"]', "must be a JSON object", "/"),
    "no-id": (lambda: ("{" + _MARK + "}").encode(), "Field required", "/id"),
    "two-mib": (
        lambda: (
            ('{"id": "broken", ' + _MARK + ', "description": "').encode() + b"x" * (2 * MIB) + b'"}'
        ),
        f"larger than {MAX_POLICY_BYTES} bytes",
        "",
    ),
    "one-mib-string": (
        lambda: ('{"id": "broken", ' + _MARK + ', "description": "').encode() + b"x" * MIB + b'"}',
        f"larger than {MAX_POLICY_BYTES} bytes",
        "",
    ),
    "ten-thousand-deep": (_deep, f"nests more than {MAX_DEPTH} levels", ""),
    "a-hundred-thousand-entries": (_many_entries, f"more than {MAX_VALUES} values", ""),
    "empty": (lambda: b"", "is not JSON", "line 1, column 1"),
}


@pytest.mark.parametrize("case", REFUSED.values(), ids=REFUSED.keys())
def test_a_broken_file_is_refused_whole_and_switches_every_tool_off(
    places: Places,
    settings_service: SettingsServiceFactory,
    case: tuple[Callable[[], bytes], str, str],
) -> None:
    content, words, where = case
    broken = places.write(places.machine, "10-broken.json", content())
    places.write(
        places.machine,
        "20-valid.json",
        document("valid", settings=locked(endpoint="https://valid/"), disabled_tools=["shell"]),
    )

    started = time.perf_counter()
    policy = places.load()
    elapsed = time.perf_counter() - started

    assert elapsed < BOUND_SECONDS
    assert policy.restricts_all_tools
    fatal = [problem for problem in policy.problems if problem.fatal]
    assert len(fatal) == 1
    assert fatal[0].place == str(broken)
    assert words in fatal[0].text()
    assert fatal[0].where == where
    assert len(fatal[0].text()) < 400
    # None of the broken file applies; the valid one does.
    assert key("mode") not in policy.locked_tool_settings
    assert policy.locked_tool_settings[key("endpoint")] == "https://valid/"
    assert policy.disabled_tool_ids == {"shell"}
    assert [(source.policy_id, source.in_force) for source in policy.sources] == [
        ("", False),
        ("valid", True),
    ]
    service = settings_service(policy)
    assert service.is_disabled_by_organization([TOOL_ID])
    assert service.is_disabled_by_organization(["any-tool-at-all"])
    assert not service.is_tool_active([TOOL_ID])


def test_every_problem_of_a_file_is_listed_at_once_with_its_place(places: Places) -> None:
    path = places.write(
        places.machine,
        "broken.json",
        {
            "id": "has spaces",
            "priority": 2_000_000,
            "tools_enabled": "no",
            "disabled_tools": ["ok", "not ok"],
            "minimum_confidence": {"levels": {"web_search": "VERY_HIGH"}, "users_may_raise": 1},
            "settings": {key("mode"): {"value": 1.5}},
            "default_tools": {"NOWHERE": []},
            "minimum_outbound_data_restriction": "SOMETIMES",
        },
    )

    parsed = read_file(path)

    assert parsed.document is None
    assert [problem.where for problem in parsed.problems] == [
        "/id",
        "/priority",
        "/tools_enabled",
        "/disabled_tools/1",
        "/minimum_confidence/levels/web_search",
        "/minimum_confidence/users_may_raise",
        "/settings/sample_search.mode/value",
        "/default_tools/NOWHERE",
        "/minimum_outbound_data_restriction",
    ]
    assert all(problem.place == str(path) and problem.fatal for problem in parsed.problems)


def test_many_problems_are_counted_after_the_first_fifty(places: Places) -> None:
    settings = dict.fromkeys(_keys(5000), 0)
    path = places.write(places.machine, "broken.json", {"id": "broken", "settings": settings})

    started = time.perf_counter()
    parsed = read_file(path)

    assert time.perf_counter() - started < BOUND_SECONDS
    assert len(parsed.problems) == 51
    assert parsed.problems[-1].text().endswith("and 4950 more problems")


_LOCK: dict[str, object] = {"settings": locked(mode="FAST")}
ACCEPTED: dict[str, Callable[[], bytes]] = {
    "utf8-bom": lambda: codecs.BOM_UTF8 + json.dumps(document("ok", **_LOCK)).encode(),
    "a-string-just-within-the-bound": lambda: json.dumps(
        document("ok", **_LOCK, description="x" * (MAX_POLICY_BYTES - 200))
    ).encode(),
    "a-string-value-of-half-a-mib": lambda: json.dumps(
        document("ok", settings=locked(mode="FAST", max_results="9" * (MIB // 2)))
    ).encode(),
    "as-deep-as-allowed": lambda: json.dumps(
        document("ok", **_LOCK, providers=[_provider_nested(MAX_DEPTH - 4)])
    ).encode(),
    "many-settings-within-the-bounds": lambda: json.dumps(
        document(
            "ok",
            settings={
                **{name: {"value": 1} for name in _keys(MAX_VALUES // 3 - 10)},
                **locked(mode="FAST"),
            },
        )
    ).encode(),
}


def _provider_nested(depth: int) -> dict[str, object]:
    value: object = 1
    for _ in range(depth):
        value = {"a": value}
    return {
        "name": "Deep",
        "type": "openai-compatible",
        "base_url": "https://llm.example.org/v1",
        "model": "m",
        "confidence": "LOW",
        "additional_parameters": value,
    }


@pytest.mark.parametrize("content", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_valid_file_at_the_edge_of_the_bounds_is_used(
    places: Places, content: Callable[[], bytes]
) -> None:
    places.write(places.machine, "edge.json", content())

    started = time.perf_counter()
    policy = places.load()

    assert time.perf_counter() - started < BOUND_SECONDS
    assert policy.problems == ()
    assert not policy.restricts_all_tools
    assert policy.locked_tool_settings[key("mode")] == "FAST"


def test_a_device_or_pipe_named_as_the_policy_does_not_block_the_start(
    places: Places, tmp_path: Path
) -> None:
    named = [Path(os.devnull)]
    if hasattr(os, "mkfifo"):
        named.append(tmp_path / "policy.json")
        os.mkfifo(named[-1])

    for path in named:
        started = time.perf_counter()
        policy = places.load(STUDIO_POLICY_FILE=str(path))

        assert time.perf_counter() - started < BOUND_SECONDS
        assert policy.restricts_all_tools
        assert "not a regular file" in policy.problems[0].text()


def test_a_folder_where_a_policy_file_should_be_switches_tools_off(places: Places) -> None:
    (places.machine / "folder.json").mkdir(parents=True)

    policy = places.load()

    assert policy.restricts_all_tools
    assert "not a regular file" in policy.problems[0].text()


def test_managed_preferences_that_nest_too_deep_or_hold_themselves_are_refused() -> None:
    deep: dict[str, object] = {}
    inner = deep
    for _ in range(5_000):
        inner["a"] = {}
        inner = inner["a"]  # type: ignore[assignment]
    looped: list[object] = []
    looped.append(looped)
    shared: list[object] = ["x"]
    for _ in range(64):
        shared = [shared, shared]

    for value in (
        document("deep", providers=[{**_provider_nested(0), "additional_parameters": deep}]),
        document("looped", providers=[{**_provider_nested(0), "additional_parameters": looped}]),
        document("shared", providers=[{**_provider_nested(0), "additional_parameters": shared}]),
    ):
        text = PolicyText(place="managed.plist", tier=Tier.MANAGED, value=value)
        started = time.perf_counter()
        parsed = parse(text)

        assert time.perf_counter() - started < BOUND_SECONDS
        assert parsed.document is None
        assert len(parsed.problems) == 1


def test_a_broken_policy_decides_the_rest_the_strict_way_unless_a_higher_tier_did(
    places: Places, tmp_path: Path
) -> None:
    broken = places.write(tmp_path, "broken.json", "{")
    nothing_decided = places.load(STUDIO_POLICY_FILE=str(broken))
    places.write(
        places.machine,
        "lax.json",
        document(
            "lax",
            priority=-10,
            preview_features=True,
            trusted_providers=["Anyone"],
            minimum_outbound_data_restriction="UNRESTRICTED",
        ),
    )
    below = places.load(STUDIO_POLICY_FILE=str(broken))
    places.write(places.machine, "zz-broken.json", "{")
    beside = places.load()

    for policy in (nothing_decided, beside):
        assert policy.restricts_all_tools
        assert policy.preview_features is False
        assert policy.trusted_provider_names == frozenset()
        assert policy.origin("trusted:Anyone") == ""
        assert policy.minimum_outbound_restriction is (
            OutboundDataRestriction.ONLY_CONFIGURED_SERVICES
        )
    assert beside.origin("preview_features") == str(places.machine / "zz-broken.json")
    assert below.restricts_all_tools
    assert below.preview_features is True
    assert below.trusted_provider_names == {"Anyone"}
    assert below.minimum_outbound_restriction is OutboundDataRestriction.UNRESTRICTED


def test_policies_past_the_total_bound_are_refused_and_switch_tools_off(places: Places) -> None:
    filler = "x" * (MAX_POLICY_BYTES - 100)
    count = MAX_TOTAL_BYTES // MAX_POLICY_BYTES + 1
    for index in range(count):
        places.write(places.machine, f"{index:02}.json", document(f"p{index}", description=filler))

    started = time.monotonic()
    policy = places.load()

    assert time.monotonic() - started < 5
    in_force = [source.policy_id for source in policy.sources if source.in_force]
    assert in_force == [f"p{index}" for index in range(count - 1)]
    assert policy.restricts_all_tools
    assert any("was not read" in problem.text() for problem in policy.problems)
