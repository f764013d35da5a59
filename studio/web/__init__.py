"""Reading web pages safely: address classes, target policies and the one retrieval service."""
