"""The pages of the app's settings, each rendering one part of the core's configuration."""
