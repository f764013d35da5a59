"""The command line's grammar stays light and in step with the modules it mirrors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from studio.cli import arguments
from studio.config.profiles import ProviderType
from studio.kernel.policy import ConfidenceLevel
from studio.tools.builtin import read_web_page

HEAVY = ("studio.services", "studio.harness", "studio.ui", "pydantic", "httpx", "PySide6")


def _loaded_after(code: str) -> list[str]:
    """Which of ``HEAVY`` a fresh interpreter has imported after running ``code``."""
    probe = (
        f"import json, sys\n{code}\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return loaded


@pytest.mark.parametrize(
    "argv",
    [[], ["--basedir", "/tmp/x", "--smoke-test"], ["tools", "list"], ["read", "http://a/"]],
    ids=["app", "app-options", "tools-list", "read"],
)
def test_parsing_the_command_line_imports_none_of_the_core(argv: list[str]) -> None:
    # The app parses its arguments before it puts its first window on screen.
    code = f"from studio.cli import arguments\narguments.parse_arguments({argv!r})"

    assert _loaded_after(code) == []


def test_starting_studio_without_a_command_imports_only_the_grammar_before_the_app() -> None:
    assert _loaded_after("import studio.__main__") == []


def test_a_command_names_the_module_that_handles_it() -> None:
    parsed = arguments.parse_arguments(["tools", "enable", "web_search"])

    assert parsed.command_module == "studio.cli.tools"
    assert parsed.action == "enable"
    assert parsed.enabled is True


def test_the_app_has_no_command_module() -> None:
    parsed = arguments.parse_arguments(["--report-first-paint"])

    assert parsed.command is None
    assert not hasattr(parsed, "command_module")
    assert parsed.report_first_paint is True


def test_the_grammar_repeats_the_provider_types_in_order() -> None:
    assert tuple(kind.value for kind in ProviderType) == arguments.PROVIDER_TYPES


def test_the_grammar_repeats_the_confidence_levels_in_order() -> None:
    assert tuple(level.name for level in ConfidenceLevel) == arguments.CONFIDENCE_LEVELS


def test_read_leaves_its_limits_to_the_tool_defaults_unless_given() -> None:
    # The read command then takes the read_web_page tool's declared defaults; none is copied.
    parsed = arguments.parse_arguments(["read", "http://a/"])
    assert (parsed.timeout, parsed.max_characters) == (None, None)
    given = arguments.parse_arguments(["read", "http://a/", "--timeout", "5"])
    assert given.timeout == 5
    assert read_web_page.TIMEOUT_SECONDS.default_value == 60


def test_the_confidence_option_reads_a_level() -> None:
    parsed = arguments.parse_arguments(
        ["providers", "add", "X", "--type", "ollama", "--model", "m", "--confidence", "high"]
    )

    assert parsed.confidence is ConfidenceLevel.HIGH


def test_a_command_runs_without_importing_qt(tmp_path: Path) -> None:
    code = (
        "from studio.__main__ import main\n"
        f"assert main(['--basedir', {str(tmp_path)!r}, 'tools', 'list', '--json']) == 0"
    )

    assert "PySide6" not in _loaded_after(code)
