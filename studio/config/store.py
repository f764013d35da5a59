"""Reading and writing Studio's JSON files without ever losing them.

Each file holds one versioned JSON document described by a pydantic model: the user's settings,
the list of providers. Writes go to a temporary file in the same folder, are flushed to disk,
then replace the old file in one step, so a crash leaves either the old or the new file. A file
that cannot be read is moved aside (never deleted) and Studio starts on the document's defaults,
telling the user where the old file went, in a notice the UI translates
(a :class:`~studio.kernel.translatable.TranslatableMessage`). Reading is bounded: a file larger than
:data:`MAX_FILE_BYTES` or nested deeper than :data:`~studio.config.json_text.MAX_DEPTH` is such a
file. In the settings file, values Studio cannot use are reset one by one and the rest is kept
(:mod:`studio.config.repair`). A file the system refuses to read (a folder in its place) is
left as it is: Studio starts without it (:meth:`DocumentStore.load_for_start`) and says so.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import pydantic

from studio.config import json_text, repair, unseen
from studio.config.models import SETTINGS_VERSION, UserSettings
from studio.errors import ConfigError
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage, TranslatableText

__all__ = [
    "MAX_FILE_BYTES",
    "DocumentStore",
    "LoadResult",
    "LoadedDocument",
    "Reloaded",
    "SettingsStore",
    "UnreadableFileError",
    "write_atomically",
]

logger = logging.getLogger(__name__)

DocumentT = TypeVar("DocumentT", bound=pydantic.BaseModel)

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest settings or providers file Studio reads; its own stay under a few kilobytes."""

# The notices say what happened in words: Studio's own reason where it has one (a newer
# version), never what the JSON parser or validation said, which goes to the log only.
_SETTINGS_SET_ASIDE = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Your settings file could not be read as settings, so Studio started with default "
    "settings. The original file is kept as {kept!r}.",
)
_SETTINGS_SET_ASIDE_BECAUSE = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Your settings file could not be read as settings ({reason}), so Studio started with "
    "default settings. The original file is kept as {kept!r}.",
)
SETTINGS_REREAD_SET_ASIDE = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Your settings file changed while Studio was running but could not be read as settings, so "
    "Studio kept the settings it had and saved them again. The changed file is kept as {kept!r}.",
)
"""The notice for a settings file that became unreadable while Studio ran."""
_SETTINGS_RESET = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Studio reset what it could not use in your settings file to the defaults ({names}) and "
    "kept the rest of your settings. The original file is kept as {kept!r}.",
)
_SETTINGS_RESET_FOR_NOW = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Studio could not use some values in your settings file ({names}), so it uses the defaults "
    "for them for now and keeps the rest of your settings; the file itself is left as it is.",
)
_MAX_NAMES = 10
"""How many values a notice about reset values names; the rest are counted."""
_NOT_AN_OBJECT = QT_TRANSLATE_NOOP("SettingsStore", "the file does not hold a JSON object")
_TOO_LARGE = QT_TRANSLATE_NOOP(
    "SettingsStore", "the file is larger than {limit} MiB, which no Studio file is"
)
_UNKNOWN_VERSION = QT_TRANSLATE_NOOP("SettingsStore", "unknown file version {version!r}")
_NEWER_VERSION = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "the file was written by a newer Studio (version {version}, this one reads up to {supported})",
)

# A file the system refuses to read is never set aside: it may be fine, and the user can fix
# what stands in the way. The errors are for commands that would change the file; the notices
# for a start that goes on without it.
_FOLDER = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "{path!r} is a folder where Studio expects a file, so Studio cannot read or change it. "
    "Move or rename the folder, then try again.",
)
_FOLDER_AT_START = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "{path!r} is a folder where Studio expects a file, so Studio started without it and leaves "
    "the folder as it is. Move or rename the folder, then start Studio again.",
)
_REFUSED = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Studio cannot read {path!r} ({error}). Make the file readable (check its permissions, "
    "for example), then try again.",
)
_REFUSED_AT_START = QT_TRANSLATE_NOOP(
    "SettingsStore",
    "Studio cannot read {path!r} ({error}), so it started without it and leaves the file as it "
    "is. Make the file readable (check its permissions, for example), then start Studio again.",
)


class UnreadableFileError(ConfigError):
    """The file exists but the system refused to read it: a folder in its place, permissions.

    Args:
        path: The file.
        error: What the system said.
    """

    def __init__(self, path: Path, error: OSError) -> None:
        reason = error.strerror or str(error)
        if path.is_dir():
            super().__init__(_FOLDER, path=str(path))
            notice = TranslatableMessage(_FOLDER_AT_START, path=str(path))
        else:
            super().__init__(_REFUSED, path=str(path), error=reason)
            notice = TranslatableMessage(_REFUSED_AT_START, path=str(path), error=reason)
        self.start_notice = notice
        """What to tell the user when Studio starts without the file."""


@dataclass(frozen=True, kw_only=True)
class LoadResult:
    """The settings read, and what the user should be told about reading them."""

    settings: UserSettings
    notice: TranslatableMessage | None = None
    """Set when the file was unreadable and moved aside, or some of its values were reset."""
    kept: Path | None = None
    """Where an unreadable file was moved to (the original, unchanged), else None."""
    copy: Path | None = None
    """Where the original was copied to before values it held were reset, else None."""


@dataclass(frozen=True, kw_only=True)
class LoadedDocument(Generic[DocumentT]):
    """A document read from its file, and what the user should be told about reading it."""

    document: DocumentT
    notice: TranslatableMessage | None = None
    """Set when the file was unreadable and moved aside, or some of its values were reset."""
    kept: Path | None = None
    """Where an unreadable file was moved to (the original, unchanged), else None."""
    copy: Path | None = None
    """Where the original was copied to before values it held were reset, else None."""


@dataclass(frozen=True, kw_only=True)
class Reloaded:
    """What reading a file again, after a change made elsewhere, found."""

    changed: bool
    """Whether what Studio holds changed."""
    notice: TranslatableMessage | None = None
    """Set when the file had become unreadable: it was kept aside and written again from what
    Studio held, so nothing the user had is lost; or when values in it were reset."""


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


class DocumentStore(Generic[DocumentT]):
    """One versioned JSON document in its own file.

    The document's model must have defaults for every field (they are what Studio starts on)
    and an integer ``version`` field defaulting to ``version``.

    Args:
        path: The file.
        model: The document's pydantic model.
        version: The version this Studio writes; files from a newer Studio are set aside.
        label: What the user calls the file, for the log and errors ("settings file").
        set_aside: The notice that an unreadable file was set aside, with the placeholder
            ``{kept!r}`` (where the file went); it says what Studio started on instead. What
            the parser found is only logged: its message means nothing to most readers.
        set_aside_because: The same notice with a ``{reason}`` too, for the reasons Studio
            gives in its own words (a file from a newer Studio).
        reset: When given, a file whose only problem is values the model refuses keeps the
            rest: those values are left out (:mod:`studio.config.repair`), the original is
            copied to ``<file>.before-reset-<time>``, and the file is written again. These are
            the notices for that, with ``{names}`` (the values, dotted) and ``{kept!r}`` (the
            copy), then for when the file cannot be written, with ``{names}`` only. Without
            it, such a file is set aside like any unreadable one.
    """

    def __init__(
        self,
        path: Path,
        model: type[DocumentT],
        *,
        version: int,
        label: str,
        set_aside: TranslatableText,
        set_aside_because: TranslatableText,
        reset: tuple[TranslatableText, TranslatableText] | None = None,
    ) -> None:
        self.path = path
        self._model = model
        self._version = version
        self._label = label
        self._set_aside_notice = set_aside
        self._set_aside_because = set_aside_because
        self._reset = reset

    def load(self) -> LoadedDocument[DocumentT]:
        """Read the document, migrating older versions; defaults if there is no file yet.

        Raises:
            UnreadableFileError: the file exists but the system refused to read it (a folder in
                its place, permissions, I/O); such a file is not set aside, because it may be
                fine. Code that changes the file reads it first, so it never replaces it.
        """
        try:
            # At most one byte more than the limit: a huge file is never read in whole.
            with self.path.open("rb") as stream:
                raw = stream.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            return LoadedDocument(document=self._model())
        except OSError as error:
            logger.warning("The %s %s cannot be read: %s", self._label, self.path, error)
            raise UnreadableFileError(self.path, error) from error
        try:
            if len(raw) > MAX_FILE_BYTES:
                raise ValueError(TranslatableMessage(_TOO_LARGE, limit=MAX_FILE_BYTES >> 20))
            # Decoded here, so a file that is not UTF-8 is set aside like any other bad file.
            # utf-8-sig also reads a file an editor saved with a byte order mark. The parser
            # is bounded: a file nested thousands of levels deep is set aside too.
            data = json_text.loads(raw.decode("utf-8-sig"))
            if not isinstance(data, dict):
                raise ValueError(TranslatableMessage(_NOT_AN_OBJECT))
            data = self._migrate(data)
            if self._reset is None:
                return LoadedDocument(document=self._model.model_validate(data))
            document, left_out = repair.validate_leaving_out(self._model, data)
            if not left_out:
                return LoadedDocument(document=document)
            return self._reset_values(document, left_out, raw)
        except (ValueError, pydantic.ValidationError) as error:
            kept = self._set_aside(error)
            reason = _own_reason(error)
            notice = (
                TranslatableMessage(self._set_aside_notice, kept=str(kept))
                if reason is None
                else TranslatableMessage(self._set_aside_because, reason=reason, kept=str(kept))
            )
            return LoadedDocument(document=self._model(), notice=notice, kept=kept)

    def load_for_start(self) -> LoadedDocument[DocumentT]:
        """Like :meth:`load`, but a file the system refuses to read gives the defaults.

        The notice then says what stands in the way and what to do; the file stays as it is,
        and every change (which reads the file first) fails until the user has fixed it. A
        file set aside is noted as still to be announced (:mod:`studio.config.unseen`).
        """
        try:
            loaded = self.load()
        except UnreadableFileError as error:
            return LoadedDocument(document=self._model(), notice=error.start_notice)
        kept = loaded.kept or loaded.copy
        if kept is not None and loaded.notice is not None:
            # Until the app has shown it: a command may have done this, unread.
            unseen.record(kept, loaded.notice)
        return loaded

    def save(self, document: DocumentT) -> None:
        """Write ``document`` atomically."""
        text = json.dumps(document.model_dump(mode="json"), indent=2, ensure_ascii=False)
        write_atomically(self.path, text + "\n")

    def _migrate(self, data: dict[str, Any]) -> dict[str, Any]:
        version = data.get("version", self._version)
        if not isinstance(version, int) or version < 1:
            raise ValueError(TranslatableMessage(_UNKNOWN_VERSION, version=version))
        if version > self._version:
            raise ValueError(
                TranslatableMessage(_NEWER_VERSION, version=version, supported=self._version)
            )
        # Every document is at its first version; later versions add their steps here (or a
        # document passes its own), oldest first.
        return data

    def _reset_values(
        self, document: DocumentT, left_out: list[str], original: bytes
    ) -> LoadedDocument[DocumentT]:
        """Keep a copy of the original, then write ``document``, which lacks ``left_out``."""
        assert self._reset is not None
        shown = ", ".join(repr(name) for name in left_out[:_MAX_NAMES])
        if len(left_out) > _MAX_NAMES:
            shown += f", … (+{len(left_out) - _MAX_NAMES})"
        logger.warning("The %s %s had values Studio reset: %s", self._label, self.path, shown)
        with_copy, for_now = self._reset
        copy = self._free_name("before-reset")
        copied = False
        try:
            # "x": never replaces anything; synced before the file itself is written again.
            with copy.open("xb") as stream:
                copied = True
                stream.write(original)
                stream.flush()
                os.fsync(stream.fileno())
            self.save(document)
        except OSError as error:
            logger.warning(
                "The %s %s could not be written again: %s", self._label, self.path, error
            )
            if copied:
                # The file is as it was, so it is its own copy.
                copy.unlink(missing_ok=True)
            notice = TranslatableMessage(for_now, names=shown)
            return LoadedDocument(document=document, notice=notice)
        notice = TranslatableMessage(with_copy, names=shown, kept=str(copy))
        return LoadedDocument(document=document, notice=notice, copy=copy)

    def _free_name(self, kind: str) -> Path:
        """``<file>.<kind>-<time>``, numbered so it never replaces a copy kept earlier."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        name = self.path.with_name(f"{self.path.name}.{kind}-{stamp}")
        number = 1
        while name.exists():
            number += 1
            name = self.path.with_name(f"{self.path.name}.{kind}-{stamp}-{number}")
        return name

    def _set_aside(self, error: Exception) -> Path:
        # Never replace a file set aside earlier within the same second.
        kept = self._free_name("unreadable")
        os.replace(self.path, kept)
        logger.warning(
            "The %s %s was unreadable (%s); kept as %s", self._label, self.path, error, kept
        )
        return kept


class SettingsStore:
    """The user's settings file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = DocumentStore(
            path,
            UserSettings,
            version=SETTINGS_VERSION,
            label="settings file",
            set_aside=_SETTINGS_SET_ASIDE,
            set_aside_because=_SETTINGS_SET_ASIDE_BECAUSE,
            reset=(_SETTINGS_RESET, _SETTINGS_RESET_FOR_NOW),
        )

    def load(self) -> LoadResult:
        """Read the settings, migrating older versions; defaults if there is no file yet.

        Raises:
            UnreadableFileError: see :meth:`DocumentStore.load`.
        """
        return _result(self._file.load())

    def load_for_start(self) -> LoadResult:
        """Like :meth:`load`, but a file the system refuses to read gives the default settings.

        See :meth:`DocumentStore.load_for_start`.
        """
        return _result(self._file.load_for_start())

    def save(self, settings: UserSettings) -> None:
        """Write ``settings`` atomically."""
        self._file.save(settings)


def _result(loaded: LoadedDocument[UserSettings]) -> LoadResult:
    return LoadResult(
        settings=loaded.document, notice=loaded.notice, kept=loaded.kept, copy=loaded.copy
    )


def _own_reason(error: Exception) -> TranslatableMessage | None:
    """What was wrong in Studio's own (translatable) words, or None for a parser's message."""
    if len(error.args) == 1 and isinstance(error.args[0], TranslatableMessage):
        return error.args[0]
    return None
