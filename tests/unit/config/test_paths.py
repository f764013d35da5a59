from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from studio.config.paths import APP_NAME, StudioPaths


def test_paths_basedir_holds_config_data_and_cache(tmp_path: Path) -> None:
    paths = StudioPaths.for_basedir(tmp_path / "profile")

    root = (tmp_path / "profile").resolve()
    assert paths == StudioPaths(
        config_dir=root / "config", data_dir=root / "data", cache_dir=root / "cache"
    )
    assert paths.settings_file == root / "config" / "settings.json"


def test_paths_relative_basedir_is_resolved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    paths = StudioPaths.for_basedir(Path("profile"))

    assert paths.config_dir == tmp_path.resolve() / "profile" / "config"
    assert paths.config_dir.is_absolute()


def test_paths_basedir_expands_home(isolated_home: Path) -> None:
    paths = StudioPaths.for_basedir(Path("~/profile"))

    assert paths.data_dir == isolated_home.resolve() / "profile" / "data"


def test_paths_basedir_creates_nothing(tmp_path: Path) -> None:
    StudioPaths.for_basedir(tmp_path / "profile")

    assert not (tmp_path / "profile").exists()


def test_paths_platform_default_uses_platformdirs() -> None:
    paths = StudioPaths.for_basedir(None)

    assert paths.config_dir == Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    assert paths.data_dir == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    assert paths.cache_dir == Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    assert paths.settings_file == paths.config_dir / "settings.json"


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG folders are Linux's")
def test_paths_platform_default_follows_xdg_on_linux(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable, folder in [
        ("XDG_CONFIG_HOME", "config-home"),
        ("XDG_DATA_HOME", "data-home"),
        ("XDG_CACHE_HOME", "cache-home"),
    ]:
        monkeypatch.setenv(variable, str(tmp_path / folder))

    paths = StudioPaths.for_basedir(None)

    assert paths == StudioPaths(
        config_dir=tmp_path / "config-home" / APP_NAME,
        data_dir=tmp_path / "data-home" / APP_NAME,
        cache_dir=tmp_path / "cache-home" / APP_NAME,
    )
