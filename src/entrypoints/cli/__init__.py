"""The operator CLI, `ujumbe`."""
