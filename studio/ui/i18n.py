"""The UI language: installing the catalogues, switching at runtime, translating core texts.

Studio's catalogues are ``studio/translations/studio_<lang>.qm``, compiled from
``translations/studio_<lang>.ts`` (see ``translations/README.md``). :class:`LanguageManager`
installs the one for the chosen language, together with Qt's own ``qtbase_<lang>`` (the texts
of standard buttons and dialogs) when Qt ships it. By default the language follows the operating
system (:meth:`QLocale.uiLanguages <PySide6.QtCore.QLocale.uiLanguages>`, which honours
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` on Linux); the user's choice is stored in
the settings through :class:`~studio.config.app_settings.AppSettingsService`.

The language also sets the default :class:`~PySide6.QtCore.QLocale`, so every date and number the
UI formats with ``QLocale()`` follows the UI language, not the ``LC_*`` settings (which may be
``C``). The OS locale is kept where it speaks the UI language, for its regional formats.

Switching needs no restart. Installing or removing a translator makes Qt send
``QEvent.LanguageChange`` to every widget, and each widget sets its texts again. **Widget
authors:** set every text in one method (``_retranslate``) that ``__init__`` calls, and call it
again on the language change, either from ``changeEvent``::

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

or with one line in ``__init__``: ``i18n.retranslate_on_language_change(self, self._retranslate)``.
Texts the core marked with ``QT_TRANSLATE_NOOP`` go through :func:`translate` inside that
method, never earlier, so they follow the switch too; so do core errors, as
``error.text(translate)``. Never pass a variable to ``tr()``
(``pyside6-lupdate`` reads only literals); use ``%n`` for plurals and ``str.format`` after
translating.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
    Signal,
)

from studio.config.app_settings import AppSettingsService
from studio.kernel.translatable import TranslatableMessage, TranslatableText

__all__ = [
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "SYSTEM_DEFAULT",
    "Language",
    "LanguageManager",
    "catalogue_file",
    "install_language",
    "language_manager",
    "retranslate_on_language_change",
    "system_language",
    "translate",
    "ui_locale",
]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Language:
    """A language the UI is translated into."""

    code: str
    """The catalogue's language code, as in ``studio_<code>.qm``."""
    name: str
    """The language's name in itself ("Deutsch"), so that anyone finds their own."""


LANGUAGES: tuple[Language, ...] = (
    Language("en", "English"),
    Language("de", "Deutsch"),
    Language("fr", "Français"),
)
"""The languages the settings offer; add one here together with its catalogue."""

SOURCE_LANGUAGE = "en"
"""The language of the texts in the code; also what an unsupported system language gets."""

SYSTEM_DEFAULT = ""
"""The stored choice that follows the operating system's language."""

_CATALOGUE_PACKAGE = "studio"
_CATALOGUE_FOLDER = "translations"


def _supported(code: str) -> str | None:
    """The supported language ``code`` names ("de-AT", "de_DE" or "de"), or None."""
    primary = code.replace("_", "-").split("-", 1)[0].lower()
    return primary if any(language.code == primary for language in LANGUAGES) else None


def system_language(locale: QLocale | None = None) -> str:
    """The first supported language of the OS's preferred UI languages; English otherwise.

    Args:
        locale: The locale to ask; :meth:`QLocale.system` when None.
    """
    for code in (locale or QLocale.system()).uiLanguages():
        supported = _supported(code)
        if supported is not None:
            return supported
    return SOURCE_LANGUAGE


def ui_locale(language: str, system: QLocale | None = None) -> QLocale:
    """The locale that formats dates and numbers for the UI language ``language``.

    Args:
        language: A supported language code.
        system: The OS locale (:meth:`QLocale.system` when None); kept when it speaks
            ``language``, so that "de_AT" keeps Austrian formats under a German UI.
    """
    system = system or QLocale.system()
    if _supported(system.name()) == language:
        return system
    return QLocale(language)


def catalogue_file(code: str) -> Path | None:
    """Studio's compiled catalogue for ``code``, or None when it does not ship one.

    The ``.qm`` files are package data, so editable and regular installs find them alike.
    """
    candidate = resources.files(_CATALOGUE_PACKAGE) / _CATALOGUE_FOLDER / f"studio_{code}.qm"
    if not candidate.is_file():
        return None
    # Installed packages are plain folders; a zipped one would need as_file() and a copy.
    return Path(str(candidate))


class LanguageManager(QObject):
    """Installs the translators of the UI language and switches them at runtime.

    The manager is a child of the application (findable with :func:`language_manager`), so
    pages and dialogs can reach it without a global.

    Args:
        app: The application whose translators it manages.
        settings: Where the user's choice is stored; None keeps choices for this run only.

    Signals:
        language_changed(str): another language was installed (its code); by then every widget
            has been sent ``QEvent.LanguageChange``.
    """

    language_changed = Signal(str)

    def __init__(self, app: QCoreApplication, settings: AppSettingsService | None = None) -> None:
        super().__init__(app)
        self.setObjectName("LanguageManager")
        self._app = app
        self._settings = settings
        self._translators: list[QTranslator] = []
        self._choice = SYSTEM_DEFAULT
        self._language = ""
        self._default_locale = QLocale()

    @property
    def choice(self) -> str:
        """What the user chose: a language code, or :data:`SYSTEM_DEFAULT`."""
        return self._choice

    @property
    def language(self) -> str:
        """The code of the language installed now; "" before :meth:`apply`."""
        return self._language

    def apply(self, choice: str) -> str:
        """Show the UI in ``choice`` (a code, or "" for the OS language) from now on.

        An unknown code falls back to the OS language. Widgets retranslate when the event loop
        next runs, on the ``LanguageChange`` event Qt posts.

        Returns:
            The code of the language installed.
        """
        self._choice = choice if _supported(choice) == choice else SYSTEM_DEFAULT
        language = self._choice or system_language()
        if language != self._language:
            self._install(language)
            self._language = language
            QLocale.setDefault(ui_locale(language))
            self.language_changed.emit(language)
        return language

    def install_catalogue(self, path: Path) -> None:
        """Install one more compiled catalogue on top of the current ones (for tests, tools)."""
        translator = QTranslator(self)
        if not translator.load(str(path)):
            raise ValueError(f"{str(path)!r} is not a compiled Qt catalogue")
        self._app.installTranslator(translator)
        self._translators.append(translator)

    async def store_choice(self, choice: str) -> None:
        """Store ``choice`` in the user's settings, if the manager has them.

        Raises:
            ConfigError: the settings could not be written.
        """
        if self._settings is not None:
            await self._settings.set_language(choice)

    def uninstall(self) -> None:
        """Remove every catalogue the manager installed; texts show in English again."""
        for translator in self._translators:
            self._app.removeTranslator(translator)
            translator.deleteLater()
        self._translators = []
        self._language = ""
        QLocale.setDefault(self._default_locale)

    def _install(self, language: str) -> None:
        self.uninstall()
        # Qt's texts first: the translator installed last is asked first, so Studio's own
        # catalogue wins where both have a text.
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        qt_catalogue = Path(qt_folder) / f"qtbase_{language}.qm"
        if language != SOURCE_LANGUAGE and qt_catalogue.is_file():
            self.install_catalogue(qt_catalogue)
        # The English catalogue is installed too: it holds the English plural forms.
        own = catalogue_file(language)
        if own is None:
            logger.warning("Studio has no catalogue for %r; texts stay in English", language)
        else:
            self.install_catalogue(own)


def language_manager(app: QCoreApplication | None = None) -> LanguageManager | None:
    """The application's language manager, or None when none was installed."""
    app = app or QCoreApplication.instance()
    if app is None:
        return None
    found = app.findChild(LanguageManager, "LanguageManager")
    return found if isinstance(found, LanguageManager) else None


def install_language(
    app: QCoreApplication, settings: AppSettingsService | None = None
) -> LanguageManager:
    """Create the application's language manager and apply the stored choice.

    Call it once, right after the ``QApplication`` exists and before any window is built.

    Args:
        app: The application.
        settings: The user's app settings; without them the OS language is used.
    """
    manager = LanguageManager(app, settings)
    manager.apply(settings.language if settings is not None else SYSTEM_DEFAULT)
    return manager


class _LanguageChangeFilter(QObject):
    """Calls back when the object it watches receives ``QEvent.LanguageChange``."""

    def __init__(self, watched: QObject, retranslate: Callable[[], None]) -> None:
        super().__init__(watched)
        self._retranslate = retranslate
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Retranslate on a language change; never consume the event."""
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        return False


def retranslate_on_language_change(widget: QObject, retranslate: Callable[[], None]) -> QObject:
    """Call ``retranslate`` whenever ``widget`` is told that the UI language changed.

    The alternative to overriding ``changeEvent``; the filter lives as long as ``widget``.

    Returns:
        The event filter (a child of ``widget``).
    """
    return _LanguageChangeFilter(widget, retranslate)


def translate(text: str) -> str:
    """``text`` in the UI language when the core marked it for translation, else unchanged.

    Texts are translated where they are shown, never cached, so a language switch shows at the
    next render. A :class:`TranslatableMessage` (a template with its values) is translated
    first and filled in afterwards.
    """
    if isinstance(text, TranslatableMessage):
        return text.text(translate)
    if isinstance(text, TranslatableText):
        return QCoreApplication.translate(text.context, str(text))
    return text
