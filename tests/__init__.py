"""Studio's test suite; a package so that ``tests.support`` has one name for pytest and mypy."""
