"""ujumbe's business rules: pure Python, no I/O, no framework, no clock."""
