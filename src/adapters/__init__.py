"""Implementations of the application's ports."""
