"""Use cases of ujumbe and the ports they need from the outside world."""
