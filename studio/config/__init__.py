"""Settings, organisation policy, secrets and the places Studio keeps its files."""
