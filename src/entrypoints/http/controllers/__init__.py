"""One controller per area."""
