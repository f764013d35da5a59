"""The tool calling loop that drives every provider through its adapter."""
