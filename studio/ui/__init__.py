"""The desktop user interface: renders what the core decides and calls it; no business logic."""
