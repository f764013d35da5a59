"""The types every layer shares, at the bottom of the import graph.

Policy (provider confidence, data security, outbound data), tool definitions and results,
the context a tool runs in, the rounds and calls a provider adapter reports, the trace of a
call, and texts that are translated where they are shown. Nothing here imports another Studio
package, so every other package may import these modules; import the submodule you need
(``from studio.kernel.policy import ConfidenceLevel``), never this package.
"""
