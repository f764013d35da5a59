"""Private modules are never imported by discovery."""

raise AssertionError("discovery imported a private module")
