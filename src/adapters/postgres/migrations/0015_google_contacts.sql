-- The external contacts import (Google): one connection per account and the one-time states
-- of consents under way (README "Google contacts").
--
-- Tokens are sealed (AES-GCM, bound to the account) before they reach this table, so a copy of
-- the database alone reveals none. A state is kept as its digest: the browser carries the
-- state itself, and `account_id` is part of it, so the callback finds its row by the primary
-- key without a credential.

CREATE TABLE google_connections (
    account_id     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    status         text NOT NULL CHECK (status IN ('connected', 'disconnected')),
    access_token   text,  -- sealed; NULL once the grant is gone
    refresh_token  text,  -- sealed
    expires_at     timestamptz,
    scope          text NOT NULL DEFAULT '',
    reason         text,
    connected_at   timestamptz NOT NULL,
    last_synced_at timestamptz,
    updated_at     timestamptz NOT NULL,
    PRIMARY KEY (account_id)
);

CREATE TABLE google_oauth_states (
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    state_digest text NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (account_id, state_digest)
);
-- Expired states of an account go when it asks for its next consent URL.
