"""A module whose ``tools`` is not a function; discovery skips it with a warning."""

tools = ["not", "a", "factory"]
