"""Payments: ordering credits, provider results, the one settlement, polling and expiry, operator actions."""
