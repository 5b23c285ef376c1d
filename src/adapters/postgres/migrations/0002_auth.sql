-- Credentials of an account: API keys, refresh-token families, phone verification codes.
-- Keys and refresh tokens are found by the SHA-256 of the secret. Those indexes are not
-- unique on purpose: unique keys must include account_id (decision: tenant keys), and a 256-bit random
-- secret does not collide.
CREATE TABLE api_keys (
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id           uuid NOT NULL,
    name         text NOT NULL DEFAULT '',
    prefix       text NOT NULL,
    key_hash     text NOT NULL,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    revoked_at   timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX api_keys_key_hash ON api_keys (key_hash);

CREATE TABLE refresh_tokens (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id         uuid NOT NULL,
    family_id  uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    revoked_at timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX refresh_tokens_token_hash ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family ON refresh_tokens (account_id, family_id);

-- The pending code per (account, phone): hashed, with its attempts and resend throttle.
CREATE TABLE phone_otps (
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    phone           text NOT NULL,
    code_hash       text NOT NULL,
    attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    expires_at      timestamptz NOT NULL,
    sent_at         timestamptz NOT NULL,
    window_started_at timestamptz NOT NULL,
    sends_in_window integer NOT NULL DEFAULT 1 CHECK (sends_in_window >= 1),
    PRIMARY KEY (account_id, phone)
);
