"""Studio's command line: the same services as the app, for administrators and scripts."""
