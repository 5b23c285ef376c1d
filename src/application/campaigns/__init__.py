"""Campaigns: creating, starting and previewing, running in batches, and reading them back."""
