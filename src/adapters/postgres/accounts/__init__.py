"""PostgreSQL adapters of accounts: accounts, API keys, refresh tokens, phone codes and account tokens."""
