-- Accounts are the tenant root: every tenant table carries account_id (decision: tenant keys).
CREATE TABLE accounts (
    id                    uuid PRIMARY KEY,
    email                 text NOT NULL,
    password_hash         text NOT NULL,
    business_name         text NOT NULL DEFAULT '',
    plan                  text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'enterprise')),
    phone                 text,
    phone_verified        boolean NOT NULL DEFAULT false,
    email_verified        boolean NOT NULL DEFAULT false,
    low_balance_threshold integer NOT NULL DEFAULT 100 CHECK (low_balance_threshold >= 0),
    created_at            timestamptz NOT NULL
);

CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

-- Events for customers (webhooks, notifications), written in the same transaction as the
-- change they describe, and dispatched by a job afterwards (transactional outbox).
CREATE TABLE outbox_events (
    account_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id            uuid NOT NULL,
    type          text NOT NULL,
    data          jsonb NOT NULL,
    created_at    timestamptz NOT NULL,
    dispatched_at timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX outbox_events_undispatched ON outbox_events (created_at) WHERE dispatched_at IS NULL;
