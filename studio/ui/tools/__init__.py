"""Widgets for choosing tools and editing their settings.

:mod:`~studio.ui.tools.selection` holds the tool selection shown below the message field and
:mod:`~studio.ui.tools.settings_dialog` the dialog generated from a tool's settings schema. They
render what the registry and the settings service answer; the rules live in the core.

:mod:`~studio.ui.tools.untrusted_allowance` holds the switch that lets a tool run without
asking in chats with outside content. :mod:`~studio.ui.tools.settings_support` holds what the
selection and the settings page share about tool settings; the shared looks are in
:mod:`studio.ui.looks` and the tools' icons in :mod:`studio.ui.icons`.
"""
