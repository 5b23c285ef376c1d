"""Sending: single and bulk sends, quotes, sender IDs, the message log, reconciliation, delivery reports and replies."""
