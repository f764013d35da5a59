"""Studio: a desktop AI workbench whose model calls local tools under the user's rules."""

__version__ = "0.1.0"
