r"""Where organisation policies come from on each system, and the secret that decrypts them.

In order of precedence, highest first (``studio policy check`` prints the same list):

1. The platform's managed channel: on Windows the ``Policy`` value (a JSON document) of the
   registry key ``HKLM\\Software\\Policies\\Studio``; on macOS the managed preferences of the
   bundle id (``/Library/Managed Preferences/[<user>/]<bundle id>.plist``, as MDM writes them).
2. The machine-wide folder: Linux ``/etc/studio/policy.d/``, macOS
   ``/Library/Application Support/Studio/policy.d/``, Windows ``%ProgramData%\\Studio\\policy.d\\``.
3. On Linux, ``studio/policy.d/`` in each folder of ``$XDG_CONFIG_DIRS`` (``/etc/xdg`` unset).
4. ``STUDIO_POLICY_FILE``: one file, or a folder, for single-file deployments and tests.

A folder contributes every ``*.json`` file in it, by name. Within one kind of location the
``priority`` in the files decides; a location higher in the list beats any priority lower down,
so nothing a user can point Studio at outranks what the machine's administrator installed.
Reading is bounded: at most :data:`MAX_POLICY_BYTES` per policy, :data:`MAX_FILES` per folder
and :data:`MAX_TOTAL_BYTES` for all policies together.
"""

from __future__ import annotations

import enum
import itertools
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from studio.config.paths import BUNDLE_ID
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage

__all__ = [
    "MAX_FILES",
    "MAX_POLICY_BYTES",
    "MAX_TOTAL_BYTES",
    "POLICY_FILE_VARIABLE",
    "POLICY_SECRET_VARIABLE",
    "DeliveredSecret",
    "PolicyText",
    "Tier",
    "policy_secret",
    "policy_texts",
    "read_file_text",
    "searched_places",
]

POLICY_FILE_VARIABLE = "STUDIO_POLICY_FILE"
POLICY_SECRET_VARIABLE = "STUDIO_POLICY_SECRET"
MAX_POLICY_BYTES = 1024 * 1024
"""The largest policy Studio reads; a real one is a few kilobytes."""
MAX_TOTAL_BYTES = 8 * 1024 * 1024
"""The most all policies together may hold; past it, each further policy is refused."""
MAX_FILES = 256
"""The most policy files one folder may hold."""

_REGISTRY_KEY = r"Software\Policies\Studio"
_REGISTRY_PLACE = "HKLM\\" + _REGISTRY_KEY

_TOO_LARGE = QT_TRANSLATE_NOOP(
    "PolicyLocations", "the policy is larger than {limit} bytes, which no policy needs"
)
_TOO_MUCH = QT_TRANSLATE_NOOP(
    "PolicyLocations",
    "the policies found before this one already hold {limit} bytes, more than any "
    "organisation needs; this one was not read",
)
_TOO_MANY = QT_TRANSLATE_NOOP(
    "PolicyLocations", "the folder holds more than {limit} policy files; none of them was read"
)
_UNREADABLE = QT_TRANSLATE_NOOP("PolicyLocations", "the policy cannot be read: {error}")
_NOT_A_FILE = QT_TRANSLATE_NOOP(
    "PolicyLocations", "the policy is not a regular file (a folder, a pipe or a device)"
)
_NOT_PLIST = QT_TRANSLATE_NOOP(
    "PolicyLocations", "the managed preferences are not a property list: {error}"
)
_NOT_A_STRING = QT_TRANSLATE_NOOP(
    "PolicyLocations", "the registry value 'Policy' must be a string holding a JSON document"
)
_SECRET_FILE_UNSAFE = QT_TRANSLATE_NOOP(
    "PolicyLocations",
    "the policy secret file {path!r} is ignored: only the system's administrator may own and "
    "change it",
)


class Tier(enum.IntEnum):
    """The kind of location a policy came from; a higher tier beats any priority below it."""

    ENVIRONMENT = 0
    SYSTEM_CONFIG_DIRS = 1
    MACHINE = 2
    MANAGED = 3


@dataclass(frozen=True, kw_only=True)
class PolicyText:
    """One policy as found, before it is parsed."""

    place: str
    """The file, registry value or preferences it came from, as the user is told."""
    tier: Tier
    content: bytes | None = field(default=None, repr=False)
    """The file's bytes (a registry value, encoded as UTF-8); they may hold shipped secrets."""
    value: object = field(default=None, repr=False)
    """The already structured policy, from managed preferences."""
    problem: TranslatableMessage | None = None
    """Why it could not be read at all; then there is neither content nor value."""


@dataclass(frozen=True, kw_only=True)
class DeliveredSecret:
    """The organisation's policy secret, if one was delivered, and where from."""

    value: str | None = field(default=None, repr=False)
    """The secret itself: never in a repr, a log line or a file."""
    place: str = ""
    problem: TranslatableMessage | None = None


def _program_data(environ: Mapping[str, str]) -> str:
    """Windows' folder for all users' application data, as the system knows it.

    From the shell's known folder where Studio runs on Windows: ``%ProgramData%`` is the
    user's to change, and would let them hide the machine's policies behind their own.
    """
    if sys.platform == "win32":
        import ctypes

        common_app_data = 0x0023  # CSIDL_COMMON_APPDATA
        buffer = ctypes.create_unicode_buffer(260)
        if ctypes.windll.shell32.SHGetFolderPathW(None, common_app_data, None, 0, buffer) == 0:
            return buffer.value
    return environ.get("ProgramData") or environ.get("PROGRAMDATA") or ""


def _machine_folder(platform: str, environ: Mapping[str, str], root: Path) -> Path | None:
    if platform == "win32":
        program_data = _program_data(environ)
        return Path(program_data) / "Studio" if program_data else None
    if platform == "darwin":
        return root / "Library" / "Application Support" / "Studio"
    return root / "etc" / "studio"


def _account(environ: Mapping[str, str]) -> str:
    """The name of the account Studio runs as, for its own managed preferences.

    From the system's user database where there is one: ``USER`` is the user's to change, and
    would let them pick another account's preferences.
    """
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError, AttributeError):
        return environ.get("USER", "")


def searched_places(
    environ: Mapping[str, str], *, platform: str = sys.platform, root: Path = Path("/")
) -> list[tuple[Tier, str]]:
    """Every place Studio looks for a policy on this system, highest precedence first."""
    places: list[tuple[Tier, str]] = []
    if platform == "win32":
        places.append((Tier.MANAGED, _REGISTRY_PLACE + "\\Policy"))
    if platform == "darwin":
        managed = root / "Library" / "Managed Preferences"
        user = _account(environ)
        # A plain account name only: "..", or a path, would lead out of the managed folder.
        if user and user != ".." and PurePath(user).name == user:
            places.append((Tier.MANAGED, str(managed / user / f"{BUNDLE_ID}.plist")))
        places.append((Tier.MANAGED, str(managed / f"{BUNDLE_ID}.plist")))
    machine = _machine_folder(platform, environ, root)
    if machine is not None:
        places.append((Tier.MACHINE, str(machine / "policy.d")))
    if platform not in ("win32", "darwin"):
        dirs = environ.get("XDG_CONFIG_DIRS") or "/etc/xdg"
        for folder in dirs.split(os.pathsep):
            if folder and os.path.isabs(folder):
                places.append(
                    (Tier.SYSTEM_CONFIG_DIRS, str(root / folder.lstrip("/") / "studio/policy.d"))
                )
    if chosen := environ.get(POLICY_FILE_VARIABLE):
        places.append((Tier.ENVIRONMENT, chosen))
    return places


class _NotAFileError(OSError):
    """The place is a folder, a pipe or a device: reading it could block or never end."""


def _read_bounded(path: Path) -> bytes:
    # Without O_NONBLOCK, opening a pipe waits for a writer; Studio would never start.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise _NotAFileError(str(path))
        content = file.read(MAX_POLICY_BYTES + 1)
    return content


def _unreadable(error: OSError) -> TranslatableMessage:
    if isinstance(error, _NotAFileError | IsADirectoryError):
        return TranslatableMessage(_NOT_A_FILE)
    return TranslatableMessage(_UNREADABLE, error=error.strerror or str(error))


def read_file_text(path: Path, tier: Tier) -> PolicyText:
    """One policy file, read within bounds; a file that cannot be read says why."""
    try:
        content = _read_bounded(path)
    except OSError as error:
        return PolicyText(place=str(path), tier=tier, problem=_unreadable(error))
    if len(content) > MAX_POLICY_BYTES:
        problem = TranslatableMessage(_TOO_LARGE, limit=MAX_POLICY_BYTES)
        return PolicyText(place=str(path), tier=tier, problem=problem)
    return PolicyText(place=str(path), tier=tier, content=content)


def _folder_or_file(place: str, tier: Tier) -> Iterator[PolicyText]:
    path = Path(place)
    if path.is_dir():
        try:
            with os.scandir(path) as entries:
                # One more than allowed is enough to refuse; a huge folder is not listed whole.
                found = (
                    entry.name
                    for entry in entries
                    if entry.name.endswith(".json") and not entry.name.startswith(".")
                )
                names = sorted(itertools.islice(found, MAX_FILES + 1))
        except OSError as error:
            yield PolicyText(place=place, tier=tier, problem=_unreadable(error))
            return
        if len(names) > MAX_FILES:
            problem = TranslatableMessage(_TOO_MANY, limit=MAX_FILES)
            yield PolicyText(place=place, tier=tier, problem=problem)
            return
        for name in names:
            yield read_file_text(path / name, tier)
        return
    if path.exists() or tier is Tier.ENVIRONMENT:
        # A file named on purpose that is missing is a problem; a folder that is not there is
        # only a system without that kind of policy.
        yield read_file_text(path, tier)


def _plist(place: str) -> list[PolicyText]:
    path = Path(place)
    if not path.is_file():
        return []
    import plistlib  # only macOS has managed preferences; the parser is not needed elsewhere

    try:
        content = _read_bounded(path)
        if len(content) > MAX_POLICY_BYTES:
            problem = TranslatableMessage(_TOO_LARGE, limit=MAX_POLICY_BYTES)
            return [PolicyText(place=place, tier=Tier.MANAGED, problem=problem)]
        value = plistlib.loads(content)
    except OSError as error:
        return [PolicyText(place=place, tier=Tier.MANAGED, problem=_unreadable(error))]
    except Exception as error:  # plistlib raises several kinds for a broken list
        problem = TranslatableMessage(_NOT_PLIST, error=type(error).__name__)
        return [PolicyText(place=place, tier=Tier.MANAGED, problem=problem)]
    return [PolicyText(place=place, tier=Tier.MANAGED, value=value)]


def _registry_value(name: str, key_path: str = _REGISTRY_KEY) -> tuple[object, int] | None:
    """A value of the policy key under HKEY_LOCAL_MACHINE, or None where there is none.

    Only Windows has a registry; elsewhere nothing is read and there is never a value.
    """
    if sys.platform == "win32":
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, key_path) as key:
                value, kind = winreg.QueryValueEx(key, name)
        except OSError:
            return None
        return value, kind
    return None


def _registry() -> list[PolicyText]:
    found = _registry_value("Policy")
    place = _REGISTRY_PLACE + "\\Policy"
    if found is None:
        return []
    value, _ = found
    if not isinstance(value, str):
        return [
            PolicyText(place=place, tier=Tier.MANAGED, problem=TranslatableMessage(_NOT_A_STRING))
        ]
    content = value.encode("utf-8", "surrogatepass")
    if len(content) > MAX_POLICY_BYTES:
        problem = TranslatableMessage(_TOO_LARGE, limit=MAX_POLICY_BYTES)
        return [PolicyText(place=place, tier=Tier.MANAGED, problem=problem)]
    return [PolicyText(place=place, tier=Tier.MANAGED, content=content)]


def policy_texts(
    environ: Mapping[str, str], *, platform: str = sys.platform, root: Path = Path("/")
) -> list[PolicyText]:
    """Every policy on this system, highest precedence first, read but not parsed.

    Args:
        environ: The environment (``STUDIO_POLICY_FILE``, ``XDG_CONFIG_DIRS``, ``ProgramData``).
        platform: The system, as :data:`sys.platform` names it.
        root: The file system root the system-wide locations are under.
    """
    texts: list[PolicyText] = []
    total = 0
    for tier, place in searched_places(environ, platform=platform, root=root):
        if place.startswith(_REGISTRY_PLACE):
            found: Iterable[PolicyText] = _registry()
        elif tier is Tier.MANAGED:
            found = _plist(place)
        else:
            found = _folder_or_file(place, tier)
        for text in found:
            total += len(text.content or b"")
            if total > MAX_TOTAL_BYTES:
                # Each file is read and dropped in turn, so memory stays within the bound.
                problem = TranslatableMessage(_TOO_MUCH, limit=MAX_TOTAL_BYTES)
                text = PolicyText(place=text.place, tier=text.tier, problem=problem)
            texts.append(text)
    return texts


def _secret_file_is_safe(path: Path, platform: str) -> bool:
    if platform == "win32":
        # %ProgramData% grants users no write access to files administrators create there.
        return True
    status = path.stat()
    return status.st_uid == 0 and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def policy_secret(
    environ: Mapping[str, str], *, platform: str = sys.platform, root: Path = Path("/")
) -> DeliveredSecret:
    """The secret that decrypts the policies' ``ENC:v1:`` values, from the first place that has one.

    The registry value ``PolicySecret`` (Windows), then the file ``policy-secret`` beside the
    machine-wide policy folder, owned by the administrator and writable by nobody else, then
    ``STUDIO_POLICY_SECRET``.
    """
    found = _registry_value("PolicySecret") if platform == "win32" else None
    if found is not None and isinstance(found[0], str) and found[0].strip():
        return DeliveredSecret(value=found[0].strip(), place=_REGISTRY_PLACE + "\\PolicySecret")
    problem = None
    machine = _machine_folder(platform, environ, root)
    if machine is not None and (path := machine / "policy-secret").is_file():
        try:
            if _secret_file_is_safe(path, platform):
                text = _read_bounded(path)[:4096].decode("utf-8", "replace").strip()
                if text:
                    return DeliveredSecret(value=text, place=str(path))
            else:
                problem = TranslatableMessage(_SECRET_FILE_UNSAFE, path=str(path))
        except OSError as error:
            problem = _unreadable(error)
    value = environ.get(POLICY_SECRET_VARIABLE, "").strip()
    if value:
        return DeliveredSecret(value=value, place=POLICY_SECRET_VARIABLE, problem=problem)
    return DeliveredSecret(problem=problem)
