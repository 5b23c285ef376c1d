"""SMS gateway adapters: the simulator (embedded default) and SMPP."""
