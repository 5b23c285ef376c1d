"""Accounts: registration, sign-in and sessions, API keys, passwords, email and phone verification."""
