import subprocess
import sys
from importlib import metadata
from pathlib import Path

import keyring
import keyring.errors
import pytest

from tests.support.keyring_backend import BACKEND_NAME, FileKeyring


def test_test_extras_bring_no_keyring_backend_the_app_would_find() -> None:
    # The tests run with the test extras installed, and the tests and the app may share one
    # environment: a backend that came with them would be found by keyring in the app, too.
    # Only keyring's own backends may be registered.
    origins = {
        point.dist.name if point.dist is not None else point.value
        for point in metadata.entry_points(group="keyring.backends")
    }

    assert origins <= {"keyring"}


def test_file_keyring_round_trip_creates_its_file_on_first_write(tmp_path: Path) -> None:
    path = tmp_path / "keyring.json"
    backend = FileKeyring(path)

    assert backend.get_password("service", "user") is None
    assert not path.exists()
    backend.set_password("service", "user", "secret")
    assert FileKeyring(path).get_password("service", "user") == "secret"
    backend.delete_password("service", "user")
    assert backend.get_password("service", "user") is None
    with pytest.raises(keyring.errors.PasswordDeleteError):
        backend.delete_password("service", "user")


def test_subprocess_uses_the_test_keyring(keyring_file: Path) -> None:
    code = "import keyring; keyring.set_password('service', 'user', 'secret')"

    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)

    assert FileKeyring(keyring_file).get_password("service", "user") == "secret"
    assert keyring.get_keyring().get_password("service", "user") == "secret"
    assert BACKEND_NAME == "tests.support.keyring_backend.FileKeyring"
