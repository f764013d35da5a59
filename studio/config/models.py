"""The user's own settings, as stored in the settings file.

Secrets never appear here: they live in the OS keyring. Values the organisation locked are not
stored either; the settings service skips them when saving.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from studio.kernel.policy import ConfidenceLevel

__all__ = ["SETTINGS_VERSION", "AppearanceSettings", "ToolsSettings", "UserSettings"]

SETTINGS_VERSION = 1
"""The version of the settings file this Studio writes."""


class ToolsSettings(BaseModel):
    """The user's choices about tools."""

    model_config = ConfigDict(extra="ignore")

    disabled_tool_ids: Annotated[
        list[str],
        Field(
            title="Switched-off tools", description="Tool or collection ids the user turned off."
        ),
    ] = []
    allowed_in_untrusted_chat_tool_ids: Annotated[
        list[str],
        Field(
            title="Run without asking in chats with outside content",
            description=(
                "Tool or collection ids the user lets send data out or change things without "
                "asking, in chats that took in outside content."
            ),
        ),
    ] = []
    minimum_confidence_by_tool_id: Annotated[
        dict[str, ConfidenceLevel],
        Field(
            title="Minimum provider confidence",
            description="Per tool or collection, the least trusted provider it may run with.",
        ),
    ] = {}
    values: Annotated[
        dict[str, dict[str, str]],
        Field(title="Tool settings", description="Per tool id, the plain settings values."),
    ] = {}
    default_tool_ids_by_component: Annotated[
        dict[str, list[str]],
        Field(
            title="Default tools",
            description="Per component, the tools selected when a new chat or assistant starts.",
        ),
    ] = {}


class AppearanceSettings(BaseModel):
    """How the app presents itself to the user."""

    model_config = ConfigDict(extra="ignore")

    language: Annotated[
        str,
        Field(
            title="Language",
            description=(
                "The language of the user interface as a code such as 'de'; empty follows the "
                "operating system. A code the app has no catalogue for also follows it."
            ),
        ),
    ] = ""


class UserSettings(BaseModel):
    """Everything in the user's settings file."""

    model_config = ConfigDict(extra="ignore")

    version: int = SETTINGS_VERSION
    tools: ToolsSettings = ToolsSettings()
    appearance: AppearanceSettings = AppearanceSettings()
