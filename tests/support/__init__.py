"""Helpers, fakes and guards shared by the tests (HS-23); never imported by ``studio``."""
