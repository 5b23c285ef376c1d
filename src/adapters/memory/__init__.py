"""In-process fakes of the ports, for fast application tests and for embedding."""
