"""The tool model: definitions, implementations, the registry, the executor and their rules."""
