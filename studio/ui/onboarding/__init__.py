"""What a new user sees first: setting up a provider."""
