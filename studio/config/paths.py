"""Where Studio keeps its files: one base folder per profile, or the platform's user folders."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "BUNDLE_ID", "StudioPaths"]

APP_NAME = "Studio"
BUNDLE_ID = "org.studio.Studio"
"""The app's identifier on macOS: its bundle id, and the domain of its managed preferences."""


@dataclass(frozen=True, kw_only=True)
class StudioPaths:
    """The folders of one profile."""

    config_dir: Path
    data_dir: Path
    cache_dir: Path

    @classmethod
    def for_basedir(cls, basedir: Path | None) -> StudioPaths:
        """Everything under ``basedir`` when given, else the platform's user folders.

        A base folder keeps profiles (and test runs) apart from each other and from the user's
        everyday profile.
        """
        if basedir is not None:
            root = basedir.expanduser().resolve()
            return cls(config_dir=root / "config", data_dir=root / "data", cache_dir=root / "cache")
        dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
        return cls(
            config_dir=Path(dirs.user_config_dir),
            data_dir=Path(dirs.user_data_dir),
            cache_dir=Path(dirs.user_cache_dir),
        )

    @property
    def settings_file(self) -> Path:
        """The user's settings file."""
        return self.config_dir / "settings.json"

    @property
    def providers_file(self) -> Path:
        """The providers the user set up; their API keys live in the keyring, not here."""
        return self.config_dir / "providers.json"
