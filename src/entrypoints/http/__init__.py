"""The REST API (Litestar)."""
