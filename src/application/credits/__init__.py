"""Credits: grants, balance and history, and the ledger audit."""
