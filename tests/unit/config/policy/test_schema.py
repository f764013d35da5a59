"""The published JSON Schema and the model the loader validates with agree on what is valid."""

from __future__ import annotations

from typing import Any

import jsonschema
import pydantic
import pytest

from studio.config.policy.document import MAX_PRIORITY, SCHEMA_ID, PolicyDocument, json_schema

PROVIDER: dict[str, Any] = {
    "name": "Company GPT",
    "type": "openai-compatible",
    "base_url": "https://llm.example.org/v1",
    "model": "m-1",
    "confidence": "HIGH",
}

VALID: dict[str, dict[str, Any]] = {
    "only-an-id": {"id": "a"},
    "everything": {
        "$schema": SCHEMA_ID,
        "id": "company.base-1_x",
        "priority": -MAX_PRIORITY,
        "description": "The company's base policy.",
        "tools_enabled": True,
        "disabled_tools": ["shell", "web-fetch_2"],
        "minimum_confidence": {"levels": {"web_search": "HIGH"}, "users_may_raise": True},
        "settings": {
            "web_search.endpoint": {"value": "https://search/", "mode": "default"},
            "web_search.max_results": {"value": 5},
            "web_search.api_key": {"value": "ENC:v1:AAAA", "mode": "locked"},
        },
        "trusted_providers": ["Company GPT"],
        "providers": [
            PROVIDER,
            {**PROVIDER, "name": "Own key", "capabilities": ["FUNCTION_CALLING"]},
            {**PROVIDER, "name": "Shipped", "api_key": "ENC:v1:AAAA", "progress_timeout": 30},
        ],
        "default_tools": {"CHAT": ["web_search"], "TRANSLATION_ASSISTANT": []},
        "preview_features": False,
        "minimum_outbound_data_restriction": "ONLY_CONFIGURED_SERVICES",
        "untrusted_chats": {"allowed_tools": ["web_search", "notes"], "users_may_allow": False},
    },
    "untrusted-chats-empty": {"id": "a", "untrusted_chats": {}},
    "nulls-decide-nothing": {
        "id": "a",
        "settings": None,
        "disabled_tools": None,
        "minimum_confidence": None,
        "providers": None,
        "tools_enabled": None,
    },
    "a-whole-number-written-with-a-point": {
        "id": "a",
        "priority": 3.0,
        "settings": {"t.f": {"value": 2.0}},
    },
    "highest-priority": {"id": "a", "priority": MAX_PRIORITY},
    "empty-collections": {"id": "a", "settings": {}, "disabled_tools": [], "providers": []},
}

INVALID: dict[str, dict[str, Any]] = {
    "no-id": {},
    "id-with-a-space": {"id": "has space"},
    "id-too-long": {"id": "a" * 65},
    "id-not-a-string": {"id": 1},
    "priority-too-high": {"id": "a", "priority": MAX_PRIORITY + 1},
    "priority-fraction": {"id": "a", "priority": 1.5},
    "priority-boolean": {"id": "a", "priority": True},
    "priority-string": {"id": "a", "priority": "1"},
    "unknown-key": {"id": "a", "setings": {}},
    "setting-key-without-a-field": {"id": "a", "settings": {"nodot": {"value": "x"}}},
    "level-id-with-a-dot": {"id": "a", "minimum_confidence": {"levels": {"t.x": "HIGH"}}},
    "provider-level-lowercase": {
        "id": "a",
        "providers": [{"name": "Co", "type": "ollama", "model": "m", "confidence": "high"}],
    },
    "provider-timeout-as-text": {
        "id": "a",
        "providers": [
            {
                "name": "Co",
                "type": "ollama",
                "model": "m",
                "confidence": "HIGH",
                "progress_timeout": "5",
            }
        ],
    },
    "switch-as-number": {"id": "a", "tools_enabled": 1},
    "value-boolean": {"id": "a", "settings": {"t.f": {"value": True}}},
    "value-fraction": {"id": "a", "settings": {"t.f": {"value": 1.5}}},
    "value-null": {"id": "a", "settings": {"t.f": {"value": None}}},
    "value-missing": {"id": "a", "settings": {"t.f": {}}},
    "value-list": {"id": "a", "settings": {"t.f": {"value": ["x"]}}},
    "mode-unknown": {"id": "a", "settings": {"t.f": {"value": 1, "mode": "sometimes"}}},
    "rule-with-unknown-key": {"id": "a", "settings": {"t.f": {"value": 1, "lock": True}}},
    "level-unknown": {"id": "a", "minimum_confidence": {"levels": {"t": "VERY_HIGH"}}},
    "level-in-lower-case": {"id": "a", "minimum_confidence": {"levels": {"t": "high"}}},
    "level-as-number": {"id": "a", "minimum_confidence": {"levels": {"t": 300}}},
    "raise-as-number": {"id": "a", "minimum_confidence": {"users_may_raise": 1}},
    "confidence-unknown-key": {"id": "a", "minimum_confidence": {"level": {}}},
    "disabled-id-with-space": {"id": "a", "disabled_tools": ["a b"]},
    "disabled-as-string": {"id": "a", "disabled_tools": "shell"},
    "trusted-as-numbers": {"id": "a", "trusted_providers": [1]},
    "component-unknown": {"id": "a", "default_tools": {"NOWHERE": []}},
    "default-tool-id-with-space": {"id": "a", "default_tools": {"CHAT": ["a b"]}},
    "outbound-unknown": {"id": "a", "minimum_outbound_data_restriction": "SOMETIMES"},
    "untrusted-id-with-space": {"id": "a", "untrusted_chats": {"allowed_tools": ["a b"]}},
    "untrusted-as-list": {"id": "a", "untrusted_chats": ["web_search"]},
    "untrusted-may-allow-as-text": {"id": "a", "untrusted_chats": {"users_may_allow": "no"}},
    "untrusted-unknown-key": {"id": "a", "untrusted_chats": {"allowed": ["web_search"]}},
    "provider-without-model": {
        "id": "a",
        "providers": [{k: v for k, v in PROVIDER.items() if k != "model"}],
    },
    "provider-unknown-key": {"id": "a", "providers": [{**PROVIDER, "key": "x"}]},
    "provider-key-as-number": {"id": "a", "providers": [{**PROVIDER, "api_key": 1}]},
    "provider-type-unknown": {"id": "a", "providers": [{**PROVIDER, "type": "nope"}]},
    "provider-timeout-zero": {"id": "a", "providers": [{**PROVIDER, "progress_timeout": 0}]},
    "provider-capability-unknown": {"id": "a", "providers": [{**PROVIDER, "capabilities": ["X"]}]},
    "schema-as-number": {"$schema": 1, "id": "a"},
    "description-as-number": {"id": "a", "description": 1},
}


def model_accepts(document: dict[str, Any]) -> bool:
    try:
        PolicyDocument.model_validate(document)
    except pydantic.ValidationError:
        return False
    return True


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json_schema())


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = json_schema()

    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == SCHEMA_ID
    assert schema["additionalProperties"] is False
    assert schema["required"] == ["id"]


@pytest.mark.parametrize("document", VALID.values(), ids=VALID.keys())
def test_a_valid_document_is_valid_for_both(
    validator: jsonschema.Draft202012Validator, document: dict[str, Any]
) -> None:
    assert validator.is_valid(document)
    assert model_accepts(document)


@pytest.mark.parametrize("document", INVALID.values(), ids=INVALID.keys())
def test_an_invalid_document_is_invalid_for_both(
    validator: jsonschema.Draft202012Validator, document: dict[str, Any]
) -> None:
    assert not validator.is_valid(document)
    assert not model_accepts(document)


# What only Studio checks: provider names, addresses and models are judged in code, as for the
# user's own providers; the model refuses them, with the place and a message.
PROVIDER_CHECKS: dict[str, tuple[dict[str, Any], str]] = {
    "name-with-a-slash": ({**PROVIDER, "name": "a/b"}, "provider name"),
    "blank-name": ({**PROVIDER, "name": "  "}, "must not be blank"),
    "address-not-http": ({**PROVIDER, "base_url": "ftp://llm.example.org"}, "base URL"),
    "key-in-the-address": ({**PROVIDER, "base_url": "https://h/?key=1"}, "takes no user name"),
    "model-with-a-line-break": ({**PROVIDER, "model": "a\nb"}, "model"),
}


@pytest.mark.parametrize("case", PROVIDER_CHECKS.values(), ids=PROVIDER_CHECKS.keys())
def test_provider_checks_in_code_refuse_with_the_place(case: tuple[dict[str, Any], str]) -> None:
    provider, words = case

    with pytest.raises(pydantic.ValidationError) as raised:
        PolicyDocument.model_validate({"id": "a", "providers": [provider]})

    errors = raised.value.errors(include_url=False, include_input=False)
    assert [error["loc"][:2] for error in errors] == [("providers", 0)]
    assert words in errors[0]["msg"]
