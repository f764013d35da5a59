"""``docs/admin-guide.md`` and ``docs/policy.schema.json`` say what Studio declares."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import jsonschema
import keyring
import pytest

from studio.config.paths import StudioPaths
from studio.config.policy.document import json_schema
from studio.config.policy.loader import merge, read_file
from studio.config.policy.locations import DeliveredSecret
from studio.config.secrets import KeyringSecretStore
from studio.services import Services
from studio.tools.policy_check import policy_problems

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "update_admin_guide.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_admin_guide", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _script()


def test_the_guide_and_the_schema_are_up_to_date(script: ModuleType) -> None:
    # When this fails, run: .venv/bin/python docs/update_admin_guide.py
    assert script.GUIDE.read_text(encoding="utf-8") == script.render_guide()
    assert script.SCHEMA.read_text(encoding="utf-8") == script.render_schema()
    assert script.main(["--check"]) == 0


def test_the_published_schema_is_the_one_the_loader_validates_against(script: ModuleType) -> None:
    published = json.loads(script.SCHEMA.read_text(encoding="utf-8"))

    assert published == json_schema()
    jsonschema.Draft202012Validator.check_schema(published)


def test_the_worked_example_loads_with_no_problems(
    script: ModuleType, tmp_path: Path, keyring_file: Path
) -> None:
    path = tmp_path / "example.json"
    path.write_text(json.dumps(script.EXAMPLE), encoding="utf-8")

    parsed = read_file(path)
    policy = merge([parsed], DeliveredSecret(value=script.EXAMPLE_SECRET, place="example"))
    services = Services.open(
        StudioPaths.for_basedir(tmp_path / "profile"),
        organization=policy,
        secrets=KeyringSecretStore(keyring.get_keyring()),
    )

    assert parsed.problems == ()
    assert policy.problems == ()
    assert policy_problems(policy, services.registry) == []
    provider = policy.managed_provider(script.EXAMPLE_PROVIDER)
    assert provider is not None
    assert provider.api_key is not None
    assert provider.api_key.get_secret_value() == "sk-example-0000"
    assert (
        policy.locked_tool_settings["web_search.searxng.baseUrl"] == "https://searxng.example.org"
    )


def test_the_schema_accepts_the_worked_example_and_refuses_a_typo(script: ModuleType) -> None:
    validator = jsonschema.Draft202012Validator(json_schema())

    assert list(validator.iter_errors(script.EXAMPLE)) == []
    assert list(validator.iter_errors({**script.EXAMPLE, "disabled_tool": ["web_search"]}))


def test_the_guide_shows_the_example_and_every_tool_setting(script: ModuleType) -> None:
    text = script.render_guide()

    assert json.dumps(script.EXAMPLE, indent=2, ensure_ascii=False) in text
    assert (
        "| `web_search.maxResults` | How many results a search returns when the model does not "
        "say. | integer | From 1 to 20. | `5` | no | locked or default |"
    ) in text
    assert "`/etc/studio/policy.d/`" in text
    assert "STUDIO_POLICY_SECRET" in text
    assert "does not protect the key from anyone who controls the machine" in text.replace(
        "\n", " "
    )
    assert ":data:" not in text
    # reStructuredText literals from the descriptions are Markdown ones; code fences aside.
    assert "``" not in text.replace("```", "")
