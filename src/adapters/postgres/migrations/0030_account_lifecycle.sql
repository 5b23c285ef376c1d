-- A login's absolute end, carried through every refresh rotation: tokens issued before this
-- migration end 30 days after they were made (the lifetime they would have had).
ALTER TABLE refresh_tokens ADD COLUMN session_ends_at timestamptz;
UPDATE refresh_tokens SET session_ends_at = created_at + interval '30 days';
ALTER TABLE refresh_tokens ALTER COLUMN session_ends_at SET NOT NULL;

-- One-time tokens sent by email (password reset, email verification): only their SHA-256.
CREATE TABLE account_tokens (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id         uuid NOT NULL,
    purpose    text NOT NULL CHECK (purpose IN ('reset_password', 'verify_email')),
    token_hash text NOT NULL,
    email      text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    PRIMARY KEY (account_id, id)
);
-- Looked up by hash alone (the link names no account); unique keys carry account_id, as on
-- every tenant table, and 32 random bytes do not meet twice.
CREATE INDEX account_tokens_token_hash ON account_tokens (token_hash);

-- What the email simulator would have sent (read by `ujumbe simulator emails`).
CREATE TABLE simulator_emails (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    to_address text NOT NULL,
    subject    text NOT NULL,
    body_text  text NOT NULL,
    body_html  text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX simulator_emails_to ON simulator_emails (lower(to_address), id DESC);
