"""The Qt-free services one Studio profile runs on, built in one place.

The desktop app and the command line both open a profile through :meth:`Services.open`, so an
administrator's ``studio tools list`` sees exactly what the app sees. Whoever opens the services
closes them with :meth:`Services.aclose` when done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from studio.chats.async_store import AsyncChatStore
from studio.chats.store import FILE_NAME as CHATS_FILE
from studio.config import unseen
from studio.config.app_settings import AppSettingsService
from studio.config.organization import OrganizationPolicy
from studio.config.paths import StudioPaths
from studio.config.policy.loader import load_policy
from studio.config.providers import ProviderStore
from studio.config.secrets import SecretStore, open_system_store
from studio.config.store import SETTINGS_REREAD_SET_ASIDE, Reloaded, SettingsStore
from studio.kernel.translatable import QT_TRANSLATE_NOOP, TranslatableMessage
from studio.tools import discovery
from studio.tools.builtin import BuiltinServices
from studio.tools.collection import ToolCollection
from studio.tools.implementation import ToolImplementation
from studio.tools.policy_check import refused_values
from studio.tools.registry import ToolRegistry
from studio.tools.settings import ToolSettingsService
from studio.web.guard import PromptInjectionGuard, Reporter
from studio.web.resolution import DnsResolver
from studio.web.retrieval import WebRetrievalService

__all__ = ["Services"]

# Both files at once get one notice, so the user reads one message, not two stacked ones.
_POLICY_BROKEN = QT_TRANSLATE_NOOP(
    "Services",
    "Your organisation's policy could not be used, so every tool is switched off until it is "
    "fixed: {problem}. Your administrator can see every problem with `studio policy check`.",
)
_POLICY_WARNING = QT_TRANSLATE_NOOP("Services", "Your organisation's policy: {problem}.")
_BOTH_SET_ASIDE = QT_TRANSLATE_NOOP(
    "Services",
    "Your settings file and your providers file could not be read as settings, so Studio "
    "started with default settings and no providers. The original files are kept as "
    "{settings_kept!r} and {providers_kept!r}.",
)


@dataclass(frozen=True, kw_only=True)
class Services:
    """The settings, secrets, tool registry and providers of one profile."""

    paths: StudioPaths
    settings: ToolSettingsService
    app_settings: AppSettingsService
    """The app's own settings (the UI language), from the same reading of the settings file as
    :attr:`settings`."""
    registry: ToolRegistry
    providers: ProviderStore
    builtin: BuiltinServices
    """What the built-in tools share: page retrieval, the prompt-injection guard and the like;
    also for anything else that reads a page, such as ``studio read``."""
    chats: AsyncChatStore
    """The profile's chat history; its ``load_notice`` says whether an unreadable file was set
    aside, like the settings' one, or why the history is only in memory (``in_memory``): a
    file that is locked, a folder, or from a newer Studio is left as it is."""
    settings_set_aside: Path | None = None
    """Where an unreadable settings file was moved to when the profile opened, else None."""
    _unseen: list[unseen.Unseen] = field(default_factory=list, repr=False)
    """The notices :meth:`startup_notices` found still to be shown, for
    :meth:`mark_startup_notices_seen`."""

    @classmethod
    def open(
        cls,
        paths: StudioPaths,
        *,
        implementations: Sequence[ToolImplementation] | None = None,
        collections: Sequence[ToolCollection] = (),
        organization: OrganizationPolicy | None = None,
        secrets: SecretStore | None = None,
        guard_reporter: Reporter | None = None,
    ) -> Services:
        """Open the profile at ``paths``.

        Without arguments Studio's built-in tools, the OS keyring and an organisation that
        decides nothing are used; callers that embed Studio pass their own.

        Args:
            paths: The profile's folders.
            implementations: The tools; Studio's built-in ones when None.
            collections: The tool collections.
            organization: What the organisation decides; when None, the policies installed on
                this system (:func:`~studio.config.policy.loader.load_policy`).
            secrets: The secret store; the OS keyring when None.
            guard_reporter: Receives what the prompt-injection guard removed, one report per
                user action (the app shows it as a notice); when None the guard only logs.
        """
        if secrets is None:
            secrets = open_system_store()
        if organization is None:
            organization = load_policy()
        # The settings file is read and parsed once, for both services that keep a section of
        # it; each change reads it again before writing, so neither undoes the other's.
        settings_store = SettingsStore(paths.settings_file)
        loaded = settings_store.load_for_start()
        settings = ToolSettingsService(settings_store, secrets, organization, loaded=loaded)
        app_settings = AppSettingsService(settings_store, loaded=loaded)
        builtin = BuiltinServices(
            retrieval=WebRetrievalService(resolver=DnsResolver()),
            guard=PromptInjectionGuard(reporter=guard_reporter),
            settings=settings.effective_values,
        )
        tools = (
            discovery.discover_builtin_tools(builtin)
            if implementations is None
            else implementations
        )
        registry = ToolRegistry(tools, collections=collections, settings=settings)
        # Tool settings and provider keys share one keyring, opened at most once.
        providers = ProviderStore(paths.providers_file, secrets, organization=settings.organization)
        # An existing history is opened now, before the event loop runs, like the settings file,
        # so its notice is ready; a new one is created by its first use. Every call after this
        # runs on the store's own thread. One that cannot be opened leaves Studio on a history
        # in memory, never stopping a start or a command.
        chats = AsyncChatStore.open_for_start(paths.data_dir / CHATS_FILE)
        return cls(
            paths=paths,
            settings=settings,
            app_settings=app_settings,
            registry=registry,
            providers=providers,
            builtin=builtin,
            chats=chats,
            settings_set_aside=loaded.kept,
        )

    def startup_notices(self, *, earlier: bool = True) -> list[TranslatableMessage]:
        """What to tell the user about the profile's files; this reads them all.

        The notices of this opening come first: a file set aside, or one Studio goes on
        without (a folder in its place, a locked or newer chat history). An unreadable
        settings file and an unreadable providers file make one notice that names both and
        where the originals were kept. With ``earlier`` (the app) come the notices of files
        set aside earlier (by a command, say) that the app has not shown yet; the app calls
        :meth:`mark_startup_notices_seen` once it has shown them. A command passes
        ``earlier=False``: it tells what it did itself, and leaves the rest to the app.
        """
        settings = self.settings.load_notice
        providers = self.providers.load_notice
        chats = self.chats.load_notice
        kept = (self.settings_set_aside, self.providers.set_aside_copy)
        if settings and providers and kept[0] is not None and kept[1] is not None:
            notices = [
                TranslatableMessage(
                    _BOTH_SET_ASIDE, settings_kept=str(kept[0]), providers_kept=str(kept[1])
                )
            ]
        else:
            notices = [notice for notice in (settings, providers) if notice]
        if chats:
            notices.append(chats)
        notices += self.policy_notices()
        if not earlier:
            return notices
        files = (self.paths.settings_file, self.providers.path, self.chats.path)
        self._unseen[:] = [
            item for path in files for item in unseen.pending(path.parent, path.name)
        ]
        now = {str(notice) for notice in (settings, providers, chats) if notice}
        return notices + [item.notice for item in self._unseen if str(item.notice) not in now]

    def policy_notices(self) -> list[TranslatableMessage]:
        """What to tell the user about the organisation's policy, at every start.

        A policy that could not be used (every tool is off until it is fixed), each problem
        that only cost a value (a secret that did not decrypt or came as plain text, a value
        an installed tool cannot use), and values of the user's own file that the
        organisation overrides.
        """
        organization = self.settings.organization
        fatal = [problem for problem in organization.problems if problem.fatal]
        notices = []
        if fatal:
            notices.append(TranslatableMessage(_POLICY_BROKEN, problem=fatal[0].text()))
        warnings = [problem for problem in organization.problems if not problem.fatal]
        warnings += refused_values(organization, self.registry)
        notices += [
            TranslatableMessage(_POLICY_WARNING, problem=problem.text()) for problem in warnings
        ]
        if overridden := self.settings.policy_notice:
            notices.append(overridden)
        return notices

    def mark_startup_notices_seen(self) -> None:
        """Note that the user has been shown :meth:`startup_notices`: the app calls this.

        The notices about files set aside are then not shown again at the next start.
        """
        unseen.mark_seen(self._unseen)
        self._unseen.clear()

    async def reload_settings(self) -> Reloaded:
        """Read the settings file again, for changes made elsewhere (the command line, an editor).

        The tool settings' listeners hear of a change, so the views that show them refresh. A
        file that became unreadable is kept aside, and the settings Studio holds are written
        back, so neither the user's edit nor the settings are lost.

        Raises:
            ConfigError: the system refused to read or write the file; what was read before
                is kept.
        """
        store = SettingsStore(self.paths.settings_file)
        loaded = await asyncio.to_thread(store.load)
        if loaded.kept is None:
            overridden = self.settings.overridden_by_organization()
            tools = self.settings.adopt(loaded.settings)
            language = self.app_settings.adopt(loaded.settings)
            # A notice here names values that were reset (the rest of the change is taken),
            # else values just edited in that the organisation overrides.
            notice = loaded.notice
            if notice is None and self.settings.overridden_by_organization() != overridden:
                notice = self.settings.policy_notice
            return Reloaded(changed=tools or language, notice=notice)
        held = self.settings.held_settings()
        held.appearance.language = self.app_settings.language
        await asyncio.to_thread(store.save, held)
        notice = TranslatableMessage(SETTINGS_REREAD_SET_ASIDE, kept=str(loaded.kept))
        return Reloaded(changed=False, notice=notice)

    async def aclose(self) -> None:
        """Close what holds connections (the page retrieval's client); call once, at the end."""
        await self.builtin.retrieval.aclose()
        await self.chats.aclose()
