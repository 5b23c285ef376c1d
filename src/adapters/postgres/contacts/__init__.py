"""PostgreSQL adapters of contacts: contact lists and contacts, contact files, Google connections."""
