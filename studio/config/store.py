"""Reading and writing the user's settings file without ever losing it.

Writes go to a temporary file in the same folder, are flushed to disk, then replace the old
file in one step, so a crash leaves either the old or the new file. A file that cannot be read
is moved aside (never deleted) and Studio starts on defaults, telling the user where the old
file went.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pydantic

from studio.config.models import SETTINGS_VERSION, UserSettings
from studio.errors import ConfigError

__all__ = ["LoadResult", "SettingsStore", "write_atomically"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class LoadResult:
    """The settings read, and what the user should be told about reading them."""

    settings: UserSettings
    notice: str | None = None
    """Set when the file was unreadable and moved aside."""


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class SettingsStore:
    """The user's settings file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> LoadResult:
        """Read the settings, migrating older versions; defaults if there is no file yet."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return LoadResult(settings=UserSettings())
        except OSError as error:
            message = f"The settings file {str(self.path)!r} cannot be read: {error}"
            raise ConfigError(message) from error
        try:
            # Decoded here, so a file that is not UTF-8 is set aside like any other bad file.
            # utf-8-sig also reads a file an editor saved with a byte order mark.
            data = json.loads(raw.decode("utf-8-sig"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a JSON object")
            return LoadResult(settings=UserSettings.model_validate(_migrate(data)))
        except (ValueError, pydantic.ValidationError) as error:
            return LoadResult(settings=UserSettings(), notice=self._set_aside(error))

    def save(self, settings: UserSettings) -> None:
        """Write ``settings`` atomically."""
        text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False)
        write_atomically(self.path, text + "\n")

    def _set_aside(self, error: Exception) -> str:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        kept = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        # Never replace a file set aside earlier within the same second.
        number = 1
        while kept.exists():
            number += 1
            kept = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{number}")
        os.replace(self.path, kept)
        logger.warning(
            "The settings file %s was unreadable (%s); kept as %s", self.path, error, kept
        )
        return (
            f"Your settings file could not be read ({_first_line(error)}). Studio started with "
            f"default settings and kept the old file as {str(kept)!r}."
        )


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version", SETTINGS_VERSION)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"unknown settings version {version!r}")
    if version > SETTINGS_VERSION:
        raise ValueError(
            f"the file was written by a newer Studio (version {version}, this one reads "
            f"up to {SETTINGS_VERSION})"
        )
    # Version 1 is the first; later versions add their steps here, oldest first.
    return data


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__
