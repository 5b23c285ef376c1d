"""How ujumbe is run: composition root, HTTP API and operator CLI."""
