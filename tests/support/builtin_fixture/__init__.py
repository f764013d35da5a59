"""A stand-in for ``studio.tools.builtin`` that discovery tests search instead.

It holds one module for each case discovery must handle: a tool module, a tool subpackage, a
helper without ``tools()``, a private module that must never be imported, modules whose import,
factory or result is broken, and one still written for the old ``tools()`` without services.
"""
