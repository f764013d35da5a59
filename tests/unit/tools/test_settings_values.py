"""Reading setting values: positive whole numbers and choices, with the messages users see."""

from __future__ import annotations

import pytest

from studio.errors import ConfigError
from studio.tools import options
from studio.tools.settings_values import (
    InvalidSettingValue,
    read_option,
    read_positive_int,
    read_text,
)


@pytest.mark.parametrize(
    ("stored", "expected"),
    [({}, 30), ({"n": ""}, 30), ({"n": "  "}, 30), ({"n": "7"}, 7), ({"n": " 12 "}, 12),
     ({"n": "240"}, 240), ({"n": "007"}, 7)],
    ids=["absent", "empty", "blank", "plain", "padded", "maximum", "leading-zeros"],
)  # fmt: skip
def test_read_positive_int_reads_digits_and_defaults_when_empty(
    stored: dict[str, str], expected: int
) -> None:
    assert read_positive_int(stored, "n", default=30, maximum=240) == expected


@pytest.mark.parametrize("text", ["0", "-1", "+5", "5.0", "1e3", "ten", "٥", "0x10", "1_000"])
def test_read_positive_int_refuses_anything_but_a_positive_whole_number(text: str) -> None:
    with pytest.raises(InvalidSettingValue) as refused:
        read_positive_int({"timeoutSeconds": text}, "timeoutSeconds", default=1)

    assert str(refused.value) == "The setting 'timeoutSeconds' must be a positive integer."
    assert refused.value.name == "timeoutSeconds"
    assert isinstance(refused.value, ConfigError)


def test_read_positive_int_refuses_a_value_above_the_maximum() -> None:
    with pytest.raises(InvalidSettingValue) as refused:
        read_positive_int({"maxResults": "21"}, "maxResults", default=5, maximum=20)

    assert str(refused.value) == "The setting 'maxResults' must be less than or equal to 20."


def test_read_positive_int_without_a_maximum_takes_any_size() -> None:
    assert read_positive_int({"n": "123456789012"}, "n", default=1) == 123456789012


@pytest.mark.parametrize(
    ("text", "expected"),
    [("ON", "ON"), ("OFF", "OFF"), (" ON ", "ON"), ("", "OFF"), ("on", "OFF"), ("1", "OFF"),
     ("ON, OFF", "OFF"), ("YES", "OFF")],
    ids=["on", "off", "padded", "empty", "lower-case", "number", "two-names", "unknown"],
)  # fmt: skip
def test_read_option_takes_only_the_exact_member_name(text: str, expected: str) -> None:
    stored = {"freeAddressChoice": text}

    assert (
        read_option(stored, "freeAddressChoice", options.FREE_ADDRESS_CHOICE, default="OFF")
        == expected
    )


def test_read_text_strips_and_defaults_to_empty() -> None:
    assert read_text({"a": "  x  "}, "a") == "x"
    assert read_text({}, "a") == ""
