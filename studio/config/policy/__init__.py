"""The organisation policy: the JSON files administrators ship, read into one decision.

``document`` declares the file (its JSON Schema is derived from it), ``encryption`` the
``ENC:v1:`` form of shipped secrets, ``locations`` where policies come from on each system,
and ``loader`` reads them all, refuses what is not valid and merges the rest by precedence.
"""
