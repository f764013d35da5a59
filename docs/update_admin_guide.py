"""Write ``docs/admin-guide.md`` and ``docs/policy.schema.json``, the administrators' guide.

The guide is generated from what Studio itself declares: where policies are searched and how
they merge (the policy modules' own descriptions), the shape of a policy file (the policy
document's fields and their descriptions), and every tool setting an organisation can preset
or lock (the built-in tools' settings declarations, worded by ``docs/update_tool_settings.py``).
The schema is the one the loader validates against. Neither can drift from the code unnoticed:
a test runs ``--check``.

Usage::

    .venv/bin/python docs/update_admin_guide.py           # write both files
    .venv/bin/python docs/update_admin_guide.py --check   # exit 1 if either is stale
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from studio.config.organization import setting_key
from studio.config.policy import loader, locations
from studio.config.policy.document import SCHEMA_ID, json_schema
from studio.config.policy.keys import provider_key

GUIDE = Path(__file__).with_name("admin-guide.md")
SCHEMA = Path(__file__).with_name("policy.schema.json")

EXAMPLE_SECRET = "example-policy-secret"
"""The policy secret the worked example's encrypted API key was made with."""

EXAMPLE_PROVIDER = "Company LLM"
_EXAMPLE_KEY = (
    "ENC:v1:TslnMJstO8erIj6942TPpXVmfpxEDYcxkG/XcK1qmiW4DJor7a8VWFJAp5ZVHom7U1NwVA0IRSwL4C0="
)
"""``studio policy encrypt --key 'providers.Company LLM.api_key'`` of ``sk-example-0000`` with
:data:`EXAMPLE_SECRET`; fixed here, since every encryption draws a new salt and nonce."""

EXAMPLE: dict[str, Any] = {
    "$schema": SCHEMA_ID,
    "id": "example-corp",
    "priority": 10,
    "description": "Web research for everyone through the company's own search and model.",
    "tools_enabled": True,
    "disabled_tools": [],
    "minimum_confidence": {
        "levels": {"web_search": "MEDIUM", "read_web_page": "MEDIUM"},
        "users_may_raise": True,
    },
    "settings": {
        "web_search.searxng.baseUrl": {"value": "https://searxng.example.org", "mode": "locked"},
        "web_search.defaultLanguage": {"value": "de-DE", "mode": "default"},
        "web_search.maxResults": {"value": 8, "mode": "default"},
        "read_web_page.allowedPrivateHosts": {
            "value": "wiki.example.org, *.intranet.example.org",
            "mode": "locked",
        },
        "read_web_page.freeAddressChoice": {"value": "OFF"},
    },
    "trusted_providers": [EXAMPLE_PROVIDER],
    "providers": [
        {
            "name": EXAMPLE_PROVIDER,
            "type": "openai-compatible",
            "base_url": "https://llm.example.org/v1",
            "model": "company-model",
            "confidence": "HIGH",
            "api_key": _EXAMPLE_KEY,
        }
    ],
    "default_tools": {"CHAT": ["web_search", "read_web_page"]},
    "preview_features": False,
    "minimum_outbound_data_restriction": "ONLY_LINKS_FROM_CHAT",
    "untrusted_chats": {"allowed_tools": [], "users_may_allow": False},
}
"""The worked example: a complete, valid policy for the built-in tools."""


def _tool_settings_script() -> ModuleType:
    """``docs/update_tool_settings.py``, whose wording of a setting the guide reuses."""
    path = Path(__file__).with_name("update_tool_settings.py")
    spec = importlib.util.spec_from_file_location("update_tool_settings", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_UNITS = {"MAX_POLICY_BYTES": "bytes", "MAX_FILES": "files"}
_NAMED = {"PolicyDocument": "the schema of [the file](#the-file)"}


def _reference_text(name: str) -> str:
    """A reference in a module's description, as the guide words it: its value where it has one."""
    for module in (loader, locations):
        value = getattr(module, name, None)
        if isinstance(value, int):
            unit = _UNITS.get(name)
            return f"{value} {unit}" if unit else str(value)
    return _NAMED.get(name, f"`{name}`")


def _markdown(docstring: str) -> str:
    """A module's description, from reStructuredText to Markdown, without its summary line."""
    body = docstring.split("\n\n", 1)[1].strip()
    body = re.sub(r":\w+:`~?[\w.]*?(\w+)`", lambda match: _reference_text(match[1]), body)
    return body.replace("``", "`").replace("\\\\", "\\")


def _type(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    """A JSON Schema type in words, for the tables of the file's shape."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        target = defs[name]
        return _type(target, defs) if "enum" in target else f"object ([{name}](#{name.lower()}))"
    if "anyOf" in schema:
        return " or ".join(
            _type(part, defs) for part in schema["anyOf"] if part != {"type": "null"}
        )
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind == "array":
        return f"list of {_type(schema['items'], defs)}"
    if kind == "object":
        values = schema.get("additionalProperties")
        if isinstance(values, dict):
            keys = schema.get("propertyNames")
            named = f"{_type(keys, defs)} → " if keys else "key → "
            return f"object: {named}{_type(values, defs)}"
        patterns = schema.get("patternProperties")
        if patterns:
            return "object: key → " + _type(next(iter(patterns.values())), defs)
        return "object"
    bounds = [f"≥ {schema['minimum']}"] if "minimum" in schema else []
    bounds += [f"> {schema['exclusiveMinimum']}"] if "exclusiveMinimum" in schema else []
    bounds += [f"≤ {schema['maximum']}"] if "maximum" in schema else []
    return f"{kind} ({', '.join(bounds)})" if bounds else str(kind)


_WORDING = _tool_settings_script()


def _cell(text: str) -> str:
    cell: str = _WORDING._cell(text)
    return cell


def _fields_table(model: dict[str, Any], defs: dict[str, Any]) -> list[str]:
    lines = ["| Key | Type | Required | Default | Meaning |", "| --- | --- | --- | --- | --- |"]
    required = set(model.get("required", ()))
    for name, schema in model["properties"].items():
        description = schema.get("description")
        if description is None and "anyOf" in schema:
            refs = [part["$ref"] for part in schema["anyOf"] if "$ref" in part]
            description = defs[refs[0].rsplit("/", 1)[-1]].get("description", "") if refs else ""
        default = schema.get("default")
        shown = "" if default is None or name in required else f"`{json.dumps(default)}`"
        lines.append(
            f"| `{name}` | {_cell(_type(schema, defs))} | {'yes' if name in required else 'no'} "
            f"| {shown} | {_cell(description or '')} |"
        )
    return lines


def _shape() -> str:
    schema = json_schema()
    defs = schema["$defs"]
    parts = [
        "## The file",
        "",
        "A policy is one JSON object; nothing in it runs. Keys Studio does not know are "
        "errors, not ignored, so a typo in a lock cannot pass unnoticed. Every key but `id` "
        "may be left out; a key left out decides nothing. Start the file with "
        f'`"$schema": "{SCHEMA_ID}"` and point your editor at '
        "[policy.schema.json](policy.schema.json) for completion and checks while you edit; "
        "Studio validates against the same schema.",
        "",
        *_fields_table(schema, defs),
    ]
    for name in ("SettingRule", "MinimumConfidence", "PolicyProvider", "UntrustedChats"):
        parts += [
            "",
            f"### {name}",
            "",
            defs[name].get("description", ""),
            "",
            *_fields_table(defs[name], defs),
        ]
    return "\n".join(parts)


def _reference() -> str:
    wording = _WORDING
    lines = [
        "## Reference: every tool setting",
        "",
        "Every setting of the built-in tools, by the key a policy uses. Every setting can be "
        "locked or preset as a default; a secret only locked, and only as an `ENC:v1:` value. "
        "A value is written as the settings dialog stores it: a string, or a whole number "
        "for a number field. [tool-settings.md](tool-settings.md) adds each field's label "
        "and whether the tool needs it.",
        "",
        "| Key | Meaning | Type | Bounds or options | Default | Secret | In a policy |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for tool in _tool_settings_script().builtin_tools():
        tool_id = tool.definition().id
        for setting in tool.declared_settings:
            default = setting.default_text
            lines.append(
                "| "
                + " | ".join(
                    (
                        f"`{setting_key(tool_id, setting.name)}`",
                        wording._cell(str(setting.help)),
                        setting.kind,
                        wording._cell(wording._range_or_options(setting)),
                        f"`{default}`" if default else "",
                        "yes" if setting.secret else "no",
                        "locked, `ENC:v1:` only" if setting.secret else "locked or default",
                    )
                )
                + " |"
            )
    return "\n".join(lines)


_INTRO = """\
# Administrator's guide: organisation policies

<!-- Generated by docs/update_admin_guide.py from Studio's policy declarations and the tools'
settings declarations; do not edit by hand. Run `.venv/bin/python docs/update_admin_guide.py`
after changing either. -->

An organisation policy is a JSON file that decides for every user of a machine: which tools
exist at all, which providers everyone gets, how far a provider must be trusted for each tool,
and the value of any tool setting, either locked (users cannot change it) or as a default
(users may save their own). Studio reads policies at every start, so a changed policy applies
from the next start; the app marks what a policy manages as "Managed by your organisation" and
names the policy.

Put what users must not change in the machine-wide folder (or the platform's managed channel).
`STUDIO_POLICY_FILE` and `$XDG_CONFIG_DIRS` are environment variables, which users can set
themselves: a policy there cannot outrank the machine's, but a user can leave it out.
"""

_LOCATIONS_INTRO = """\
## Where Studio looks
"""

_MERGING_INTRO = """\
## How policies combine
"""

_EXAMPLE_INTRO = """\
## A worked example

A complete policy for the built-in tools. It locks the company's SearXNG instance and the
private hosts pages may be read from, presets the search language and the number of results
(users may change them), asks for at least a MEDIUM provider for the web tools (users may ask
for more), gives every user the company's model with a shipped, encrypted API key, and keeps
users from letting tools run without asking in chats with outside content. Save it as, for
instance, `/etc/studio/policy.d/50-example-corp.json`.
"""

_EXAMPLE_OUTRO = f"""\
The API key is encrypted with the example policy secret `{EXAMPLE_SECRET}`, for the key
`{provider_key(EXAMPLE_PROVIDER)}`; with any other secret Studio refuses it and each user
enters their own. Make your own with `studio policy encrypt` (below).
"""

_SECRETS = """\
## Secrets

A secret setting (an API key) and a provider's shipped API key travel only in the `ENC:v1:`
form: `ENC:v1:` followed by the base64 of a 16-byte salt, a 12-byte nonce and the AES-256-GCM
ciphertext with its tag. The key is derived with HKDF-SHA256 from the organisation's policy
secret and the salt, and the setting's key (`<tool id>.<field>`, or
`providers.<name>.api_key`) is the associated data, so a value moved to another setting, made
with another secret or changed in any way is refused rather than decrypted to garbage. A secret
is always locked. A secret locked as plain text is refused: the field stays locked and empty,
and the user's own keyring entry is not used either. A plain-text secret given as a default is
refused too, and each user's own value applies (secrets have no defaults). A plain setting may
also be shipped encrypted: the tool gets its value, and no dialog, command or message shows
it.

Studio takes the policy secret from the first of these that has one:

1. On Windows, the registry value `PolicySecret` under `HKLM\\Software\\Policies\\Studio`.
2. The file `policy-secret` beside the machine-wide policy folder (Linux
   `/etc/studio/policy-secret`, macOS `/Library/Application Support/Studio/policy-secret`,
   Windows `%ProgramData%\\Studio\\policy-secret`). On Linux and macOS it must be owned by root
   and writable by nobody else; otherwise it is ignored and `studio policy check` says so. On
   Windows Studio does not check who owns it: give it the folder's usual permissions, which let
   only administrators change it.
3. The environment variable `STUDIO_POLICY_SECRET`.

Encrypt a value with `studio policy encrypt --key <tool id>.<field>` (or
`--key providers.<name>.api_key`), which reads it from standard input and prints its `ENC:v1:`
form:

```
printf '%s' "$API_KEY" | STUDIO_POLICY_SECRET="$SECRET" \\
    studio policy encrypt --key 'providers.Company LLM.api_key'
```

Be clear about what this protects. It keeps a shipped key from casual reading of the policy
file, in a backup, a ticket or a screen share. It does not protect the key from anyone who
controls the machine: Studio must be able to decrypt the key on every user's machine, so the
secret is there too, and whoever can read it can decrypt the key. Ship keys whose use you can
monitor and revoke.
"""

_UNTRUSTED = """\
## Chats with outside content

Once a chat has taken in outside content (a web page, search results, a mail, a tool's result
from elsewhere), whoever wrote that content may be steering the model. From then on, a tool
call that would send data the model chose out of Studio, or that changes something, runs only
when the user approves it. `untrusted_chats.allowed_tools` names the tools (or collections)
that run without asking there; the lists of all policies count.
`untrusted_chats.users_may_allow` set to `false` keeps users from allowing tools themselves:
their own choices are ignored and the switch on the tools page is locked. A policy that
cannot be used allows no tool there and lets no user allow one.
"""

_BROKEN = """\
## A policy that cannot be used

A policy that is not valid JSON, breaks a rule above or does not fit the schema is not used
at all: none of it applies, not even the parts that are right. Because it could have switched
any tool off, every tool is switched off until it is fixed (what else it could have decided is
decided the strict way, as above), and users are told at every start that the organisation's
policy could not be used, with its first problem and a pointer to `studio policy check`.
Problems that only cost one value (a secret that does not decrypt, a value that does not fit
its field, a setting of a tool that is not installed) are warnings: the rest of the policy
applies.
"""

_COMMANDS = """\
## Commands

`studio policy check` prints every place searched, in precedence order; each policy found with
its id and priority and whether it is in force; where the policy secret came from (never the
secret); every problem, fatal or a warning, with its file and where in it (a JSON pointer such
as `/settings/web_search.maxResults/mode`, or a line and column); and then every tool setting
with its effective value and where it comes from: `organisation lock (<policy>)`,
`organisation default (<policy>)`, `user`, `built-in default` or `unset`. A secret shows only
`(set)` or `(not set)`. Tools switched off and minimum confidences follow, each with its
origin. `--json` prints the same as JSON. It exits with 1 when a policy cannot be used.

`studio policy check FILE` checks one file alone before you deploy it: every problem at once,
each with its place, including those that need the installed tools (a field a tool does not
have, a value out of bounds, a secret in plain text, an id nothing installed has). It exits
with 1 when the file cannot be used, else 0.

`studio policy export` prints the tool settings of the profile it runs in as a policy: set
Studio up once as users should have it, then export. `--locked` (the default) locks every
value, `--defaults` presets them; `--id ID` names the policy and `--output FILE` writes it
(whole or not at all) instead of printing it. Fields without a value are left out, and so are
secrets, unless `--include-secrets` is given: then they are encrypted with the policy secret
and always locked, and if one cannot be encrypted, nothing is exported. The minimum
confidences are exported as fixed requirements, and the tools that run without asking in
chats with outside content as `untrusted_chats.allowed_tools`.

`studio policy encrypt --key KEY` prints the `ENC:v1:` form of the value on standard input
(one trailing newline is dropped; an empty value is refused), encrypted with the policy secret
for the setting `KEY`. Without a policy secret it stops with a message naming
`STUDIO_POLICY_SECRET`.

`studio tools list` shows, under the tool table, every value the organisation sets and the
policy it comes from; `studio tools set` refuses to change a locked value and names the
organisation. `studio tools allow-untrusted ID` lets a tool or collection run without
asking in chats with outside content and `studio tools ask-untrusted ID` makes it ask again;
both refuse what the organisation decides.
"""


def render_guide() -> str:
    """The guide as it should read."""
    example = json.dumps(EXAMPLE, indent=2, ensure_ascii=False)
    return "\n".join(
        [
            _INTRO,
            _LOCATIONS_INTRO,
            _markdown(locations.__doc__ or ""),
            "",
            _MERGING_INTRO,
            _markdown(loader.__doc__ or ""),
            "",
            _shape(),
            "",
            _EXAMPLE_INTRO,
            f"```json\n{example}\n```\n",
            _EXAMPLE_OUTRO,
            _SECRETS,
            _UNTRUSTED,
            _BROKEN,
            _COMMANDS,
            _reference(),
            "",
        ]
    )


def render_schema() -> str:
    """The JSON Schema of a policy file, as Studio validates it."""
    return json.dumps(json_schema(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the guide and the schema, or with ``--check`` say whether they are up to date."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a file is stale")
    arguments = parser.parse_args(argv)
    stale = []
    for target, text in ((GUIDE, render_guide()), (SCHEMA, render_schema())):
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current == text:
            continue
        if arguments.check:
            stale.append(target.name)
        else:
            target.write_text(text, encoding="utf-8")
    if stale:
        print(f"{', '.join(stale)} stale: run docs/update_admin_guide.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
