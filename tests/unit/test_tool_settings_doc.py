"""``docs/tool-settings.md`` says what the tools' settings declarations say."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "update_tool_settings.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_tool_settings", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tool_settings_reference_is_up_to_date() -> None:
    script = _script()
    written = script.TARGET.read_text(encoding="utf-8")

    # When this fails, run: .venv/bin/python docs/update_tool_settings.py
    assert written == script.render()


def test_the_reference_states_bounds_defaults_and_keys_from_the_declarations() -> None:
    text = _script().render()

    assert (
        "| `read_web_page.timeoutSeconds` | Timeout (seconds) | integer | `60` | From 1 to 240. "
        "| no | no | How long one page may take to load, redirects included. |"
    ) in text
    assert (
        "| `web_search.defaultLanguage` | Default language | choice |  | `all` (Any language)"
        in (text)
    )
    assert "backendStrategy" not in text
