"""Studio's built-in tools, one module (or subpackage) per tool.

:func:`studio.tools.discovery.discover_builtin_tools` imports every public module of this
package and calls its ``tools()`` function::

    def tools() -> list[ToolImplementation]:
        return [WebSearchTool()]

A module without ``tools()`` is a helper and is left alone; modules whose names start with an
underscore are never imported by discovery. Only this package is searched: tools are code that
ships with Studio, never files from a user folder or packages found through entry points.
"""
