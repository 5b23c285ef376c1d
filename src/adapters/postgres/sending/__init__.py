"""PostgreSQL adapters of sending: messages and their rows, the statements sends share, sender IDs,
delivery reports, inbound messages and opt-outs, the message log and SMPP bind states."""
