"""The tool calls of an answer and the log of refused calls.

:class:`~studio.ui.trace.panel.TracePill` and :class:`~studio.ui.trace.panel.TracePanel` show
the calls of one answer; :class:`~studio.ui.trace.view.TraceLogView` lists the blocked and
failed calls of one chat or of all chats; :class:`~studio.ui.trace.bridge.TraceBridge` turns the
core's loop events into the signals these widgets take.
"""
