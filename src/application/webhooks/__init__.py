"""Webhooks: endpoints and their signed, retried deliveries."""
