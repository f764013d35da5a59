"""The settings dialog of one tool or collection, generated from the tools' settings schemas.

Nothing here is written for a particular tool (HS-19): the fields, their groups, kinds and
bounds come from the definition's settings schema, their texts and defaults from the
implementation (its settings declarations), and their current state from
:meth:`ToolSettingsService.field_states`. Saving goes through
:meth:`ToolSettingsService.save_values`, which sends secrets to the keyring.

A stored secret is never read into the dialog: its field stays empty with a placeholder saying
that one is stored. Leaving it untouched keeps it; "Remove" clears it when the dialog saves.

Every text is set by a ``_retranslate`` method that ``__init__`` calls and ``changeEvent``
calls again on ``QEvent.LanguageChange``; texts that depend on what happened (the note while
loading, the message above the buttons) are kept as functions that render them, so an open
dialog follows a language switch. Labels from the tools and option sources are looked up at
render time, never kept.

- :mod:`.field_editor`: :class:`FieldEditor`, the input of one field with its hint.
- :mod:`.tool_form`: :class:`ToolForm`, the fields of one tool under their group headings.
- :mod:`.dialog`: :class:`ToolSettingsDialog`, loading, tabs and saving.
"""

from __future__ import annotations

from studio.ui.tools.settings_dialog.dialog import ToolSettingsDialog

__all__ = ["ToolSettingsDialog"]
