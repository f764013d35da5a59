"""Setting declarations: one field, its schema, its check and its typed value, in one place."""

from __future__ import annotations

import pytest

from studio.errors import ConfigError
from studio.kernel.definition import SettingsField
from studio.kernel.translatable import TranslatableText
from studio.tools import options
from studio.tools.setting_fields import (
    ChoiceSetting,
    HostListSetting,
    IntegerSetting,
    InvalidSettingValue,
    SecretSetting,
    TextSetting,
    ToolSettings,
    bounds_text,
    declared,
)
from studio.web.errors import InvalidHostPattern

LABEL = TranslatableText("Test", "Label")
NUMBER = IntegerSetting(name="n", label=LABEL, default=30, maximum=240)
SWITCH = ChoiceSetting(
    name="freeAddressChoice", label=LABEL, source=options.FREE_ADDRESS_CHOICE, default="OFF"
)


@pytest.mark.parametrize(
    ("stored", "expected"),
    [({}, 30), ({"n": ""}, 30), ({"n": "  "}, 30), ({"n": "7"}, 7), ({"n": " 12 "}, 12),
     ({"n": "240"}, 240), ({"n": "007"}, 7)],
    ids=["absent", "empty", "blank", "plain", "padded", "maximum", "leading-zeros"],
)  # fmt: skip
def test_an_integer_reads_digits_and_defaults_when_empty(
    stored: dict[str, str], expected: int
) -> None:
    assert NUMBER.read(stored) == expected


@pytest.mark.parametrize(
    "text", ["0", "-1", "+5", "5.0", "1e3", "ten", "٥", "0x10", "1_000", "241"]
)
def test_an_integer_refuses_anything_but_a_whole_number_within_bounds(text: str) -> None:
    with pytest.raises(InvalidSettingValue) as refused:
        NUMBER.read({"n": text})

    assert (
        str(refused.value) == f"The setting 'n' holds '{text}'; enter a whole number from 1 to 240."
    )
    assert refused.value.name == "n"
    assert isinstance(refused.value, ConfigError)
    # Reading and the check before saving word it the same way.
    assert str(NUMBER.problem(text)) == str(refused.value)


def test_an_integer_without_a_maximum_takes_any_size() -> None:
    assert (
        IntegerSetting(name="n", label=LABEL, default=1).read({"n": "123456789012"}) == 123456789012
    )


def test_an_integer_field_carries_its_bounds_and_no_prose() -> None:
    field = NUMBER.field()
    assert (field.format, field.minimum, field.maximum) == ("integer", 1, 240)
    assert NUMBER.default_text == "30"
    assert NUMBER.default_value == 30
    assert str(bounds_text(1, 240)) == "From 1 to 240."
    assert str(bounds_text(1, None)) == "At least 1."
    assert str(bounds_text(None, 9)) == "At most 9."
    assert bounds_text(None, None) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [("ON", "ON"), ("OFF", "OFF"), (" ON ", "ON"), ("", "OFF"), ("on", "OFF"), ("1", "OFF"),
     ("ON, OFF", "OFF"), ("YES", "OFF")],
    ids=["on", "off", "padded", "empty", "lower-case", "number", "two-names", "unknown"],
)  # fmt: skip
def test_a_choice_reads_only_the_exact_member_name(text: str, expected: str) -> None:
    assert SWITCH.read({"freeAddressChoice": text}) == expected


def test_a_choice_reports_a_value_not_offered() -> None:
    assert SWITCH.problem("OFF") is None
    assert str(SWITCH.problem("on")) == (
        "The setting 'freeAddressChoice' holds the value 'on', which is not one of the "
        "available options (OFF, ON)."
    )
    assert SWITCH.field().option_source == options.FREE_ADDRESS_CHOICE


def test_a_text_strips_runs_its_check_and_defaults() -> None:
    text = TextSetting(
        name="a", label=LABEL, default="d", check=lambda v: "too long" if len(v) > 3 else None
    )
    assert text.read({"a": "  x  "}) == "x"
    assert text.read({}) == "d"
    assert str(text.problem("abcd")) == "The setting 'a' was refused: too long"
    with pytest.raises(InvalidSettingValue):
        text.read({"a": "abcd"})


def test_a_secret_is_kept_in_the_keyring_and_has_no_default() -> None:
    secret = SecretSetting(name="token", label=LABEL, required=True)
    assert secret.field().secret
    assert secret.default_text is None
    schema = ToolSettings(secret, NUMBER).schema()
    assert schema.required == ("token",)
    assert schema.secret_fields() == ("token",)


def test_a_host_list_is_checked_as_it_is_read() -> None:
    hosts = HostListSetting(name="allowedPrivateHosts", label=LABEL)
    assert hosts.read({"allowedPrivateHosts": "wiki.example.de"}).allows("wiki.example.de")
    assert "was refused" in str(hosts.problem("https://wiki.example.de"))
    with pytest.raises(InvalidHostPattern):
        hosts.read({"allowedPrivateHosts": "https://wiki.example.de"})


def test_a_name_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        ToolSettings(NUMBER, NUMBER)


def test_a_field_from_data_is_judged_by_the_declaration_it_amounts_to() -> None:
    number = declared("n", SettingsField(format="integer", maximum=5))
    assert (
        str(number.problem("6")) == "The setting 'n' holds '6'; enter a whole number of at most 5."
    )
    choice = declared("m", SettingsField(enum=("A", "B")))
    assert "not one of the available options (A, B)" in str(choice.problem("C"))
    assert declared("t", SettingsField()).problem("anything") is None
