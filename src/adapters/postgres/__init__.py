"""PostgreSQL adapters: connection pool, migrations, unit of work and repositories (psycopg 3)."""
