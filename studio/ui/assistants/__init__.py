"""The assistants' windows and the menu that opens them; the assistants live in the core.

:mod:`~studio.ui.assistants.menu` holds the "Assistants" menu of the main window,
:mod:`~studio.ui.assistants.window` one assistant's window and
:mod:`~studio.ui.assistants.form` the form it builds from the assistant's field descriptions
(:mod:`studio.assistants`).
"""
