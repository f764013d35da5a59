"""Model providers and their wire adapters (Chat Completions, Responses, Anthropic Messages)."""
