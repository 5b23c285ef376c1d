-- Credits (decision: ledger statement): one balance row per account that a posting locks and moves in the same
-- statement that appends the ledger entry, so no concurrency can overdraw it.
CREATE TABLE credit_balances (
    account_id uuid PRIMARY KEY REFERENCES accounts (id),
    balance    integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
    entries    bigint NOT NULL DEFAULT 0 CHECK (entries >= 0),  -- last ledger_entries.seq
    updated_at timestamptz NOT NULL
);

-- Append-only: a trigger refuses UPDATE and DELETE. `seq` numbers an account's entries in the
-- order they were applied (the balance row lock serialises them), so "newest" never depends on
-- clock resolution. `reference` makes every posting idempotent.
CREATE TABLE ledger_entries (
    account_id    uuid NOT NULL REFERENCES accounts (id),
    id            uuid NOT NULL,
    seq           bigint NOT NULL,
    type          text NOT NULL CHECK (type IN ('purchase', 'deduct', 'refund', 'grant')),
    status        text NOT NULL DEFAULT 'completed' CHECK (status = 'completed'),
    amount        integer NOT NULL CHECK (amount <> 0),
    balance_after integer NOT NULL CHECK (balance_after >= 0),
    description   text NOT NULL,
    reference     text NOT NULL,
    refunds       text,  -- reference of the deduction a refund returns
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, reference),
    UNIQUE (account_id, seq),
    CHECK ((amount < 0) = (type = 'deduct')),
    CHECK ((type = 'refund') = (refunds IS NOT NULL))
);

CREATE INDEX ledger_entries_refunds ON ledger_entries (account_id, refunds) WHERE refunds IS NOT NULL;

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER ledger_entries_append_only
    BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- Sender IDs the operator registered for an account, never the API (decision: sender fallback).
CREATE TABLE sender_ids (
    account_id uuid NOT NULL REFERENCES accounts (id),
    sender_id  text NOT NULL CHECK (sender_id ~ '^[A-Za-z0-9]{1,11}$'),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, sender_id)
);

-- Every send, single, bulk or campaign (decision: message states).
CREATE TABLE messages (
    account_id       uuid NOT NULL REFERENCES accounts (id),
    id               uuid NOT NULL,
    batch_id         uuid,
    campaign_id      uuid,
    to_number        text NOT NULL,
    sender           text NOT NULL,
    requested_sender text,
    body             text NOT NULL,
    encoding         text NOT NULL CHECK (encoding IN ('GSM-7', 'UCS-2')),
    characters       integer NOT NULL,
    sms_parts        integer NOT NULL CHECK (sms_parts >= 1),
    segments         integer NOT NULL CHECK (segments >= 1),
    credits_used     integer NOT NULL CHECK (credits_used >= 0),
    cost             text NOT NULL,
    carrier          text NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending', 'sent', 'delivered', 'failed')),
    error            text,
    gateway_ref      text,
    created_at       timestamptz NOT NULL,
    sent_at          timestamptz,
    delivered_at     timestamptz,
    updated_at       timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX messages_log ON messages (account_id, created_at DESC, id DESC);
CREATE INDEX messages_by_status ON messages (account_id, status, created_at DESC);
CREATE INDEX messages_by_number ON messages (account_id, to_number, created_at DESC);
CREATE UNIQUE INDEX messages_gateway_ref ON messages (gateway_ref) WHERE gateway_ref IS NOT NULL;
CREATE INDEX messages_pending ON messages (status, updated_at) WHERE status = 'pending';

-- What the gateway simulator received (decision: simulators), read by `ujumbe simulator messages` and tests.
-- Not tenant data: it stands for the carrier's side, OTPs without an account included.
-- One row per message id: a retried submit returns the first answer instead of sending twice.
CREATE TABLE simulator_messages (
    seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message_id  text NOT NULL UNIQUE,
    account_id  uuid,
    to_number   text NOT NULL,
    sender      text NOT NULL,
    body        text NOT NULL,
    accepted    boolean NOT NULL,
    gateway_ref text UNIQUE,
    error       text,
    created_at  timestamptz NOT NULL
);

CREATE INDEX simulator_messages_by_number ON simulator_messages (to_number, seq DESC);
