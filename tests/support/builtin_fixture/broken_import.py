"""A module that fails to import; discovery skips it with a warning."""

raise ImportError("a dependency of this tool is missing")
