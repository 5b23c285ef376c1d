-- Buying credits (issue 12): the reference data sold from (packages, voucher rate card,
-- templates), who changed it, the payer phones an account verified, and what an order needs to
-- meet its provider (a reference, a checkout link, the price it was sold at, a late payment).
-- The rows themselves come from the versioned data files in adapters/reference_data,
-- loaded by the migrator once per file version (never over an operator's later change).

-- Fixed credit packages (GET /v1/packages). An order copies price and credits, so a later
-- change never alters an order already created.
CREATE TABLE packages (
    id         integer PRIMARY KEY CHECK (id > 0),
    name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    credits    integer NOT NULL CHECK (credits > 0),
    price_tzs  integer NOT NULL CHECK (price_tzs > 0),
    active     boolean NOT NULL DEFAULT true,  -- retired packages are kept (orders name them)
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Compose templates (GET /v1/templates): a body with {placeholders}.
CREATE TABLE templates (
    id         text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    category   text NOT NULL CHECK (length(category) BETWEEN 1 AND 50),
    body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 1600),
    active     boolean NOT NULL DEFAULT true,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- The voucher rate card (decision: payment orders): a minimum top-up and ordered tiers, each up to
-- max_amount_tzs inclusive, the last unbounded (NULL). domain.vouchers holds the card's rules.
CREATE TABLE voucher_settings (
    singleton      boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    min_amount_tzs integer NOT NULL CHECK (min_amount_tzs > 0),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE voucher_tiers (
    max_amount_tzs      integer CHECK (max_amount_tzs > 0),  -- NULL: the last, unbounded tier
    rate_tzs_per_credit numeric(10, 2) NOT NULL CHECK (rate_tzs_per_credit > 0)
);
CREATE UNIQUE INDEX voucher_tiers_bound ON voucher_tiers (coalesce(max_amount_tzs, 2147483647));

-- Every change an operator (or a data file) made to the reference data: who, when, what.
CREATE TABLE reference_changes (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind       text NOT NULL CHECK (kind IN ('package', 'template', 'rate', 'voucher')),
    key        text NOT NULL,  -- package id, template id, ISO2 code, or 'card'
    before     jsonb,  -- NULL: created
    after      jsonb,  -- NULL: removed
    changed_by text NOT NULL,  -- the operator's name, or 'data:<file>' for a shipped data file
    changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reference_changes_newest ON reference_changes (kind, changed_at DESC);

-- Payer phones an account verified by OTP (POST /v1/vouchers/otp/verify), besides its own.
CREATE TABLE payer_phones (
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    phone       text NOT NULL,  -- E.164
    verified_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, phone)
);

-- What an order needs to meet its provider, and what it was sold at.
ALTER TABLE payment_orders
    -- our order reference at the provider: the id without dashes (providers want it alphanumeric)
    ADD COLUMN reference           text GENERATED ALWAYS AS (replace(id::text, '-', '')) STORED,
    ADD COLUMN package_id          integer,  -- the package sold (source 'package'); no FK: history outlives it
    ADD COLUMN rate_tzs_per_credit numeric(10, 2),  -- the voucher tier's rate it was sold at
    ADD COLUMN leftover_tzs        integer NOT NULL DEFAULT 0 CHECK (leftover_tzs >= 0),  -- buys nothing
    ADD COLUMN checkout_url        text,  -- hosted checkout (mobilemoney-session)
    ADD COLUMN settled_by          text,  -- 'callback', 'poll', 'operator:<name>', 'expiry'
    ADD COLUMN confirmed_late      boolean NOT NULL DEFAULT false,  -- paid after it had failed
    ADD COLUMN review_reason       text;  -- flagged for an operator (money that needs a human)
CREATE UNIQUE INDEX payment_orders_reference ON payment_orders (reference);
CREATE INDEX payment_orders_by_status ON payment_orders (account_id, status, created_at DESC, id DESC);
CREATE INDEX payment_orders_review ON payment_orders (created_at) WHERE review_reason IS NOT NULL;
-- A late confirmation keeps the failure it overturned: failed_at and failure_reason stay.
ALTER TABLE payment_orders
    DROP CONSTRAINT payment_orders_check1,
    DROP CONSTRAINT payment_orders_check2,
    ADD CONSTRAINT payment_orders_failed_has_reason
        CHECK (status <> 'failed' OR (failed_at IS NOT NULL AND failure_reason IS NOT NULL)),
    ADD CONSTRAINT payment_orders_pending_unsettled
        CHECK (status <> 'pending' OR (failed_at IS NULL AND failure_reason IS NULL)),
    ADD CONSTRAINT payment_orders_late_was_failed
        CHECK (NOT confirmed_late OR (status = 'confirmed' AND failed_at IS NOT NULL));

-- Every answer a provider gave about an order, by callback or by poll: applied, a repeat, or
-- refused (bad signature, unknown reference, amount or currency that does not match). A refused
-- callback may name no order we know, hence no account: a platform table, like the simulators'.
CREATE TABLE payment_provider_events (
    id              uuid PRIMARY KEY,
    provider        text NOT NULL,
    channel         text NOT NULL CHECK (channel IN ('callback', 'poll')),
    order_reference text,
    account_id      uuid,
    order_id        uuid,
    outcome         text NOT NULL CHECK (outcome IN ('applied', 'repeat', 'waiting', 'refused')),
    reason          text,
    body            text NOT NULL,  -- as received (a callback) or the parsed answer (a poll)
    received_at     timestamptz NOT NULL
);
CREATE INDEX payment_provider_events_by_order ON payment_provider_events (order_reference, received_at);

-- The mobile-money simulator's record of the prompts it pushed and the checkouts it opened
-- (`ujumbe simulator payments`), and how each ended (decision: simulators).
CREATE TABLE simulator_payments (
    reference   text PRIMARY KEY,
    kind        text NOT NULL CHECK (kind IN ('push', 'checkout')),
    phone       text,
    amount      integer NOT NULL,
    currency    text NOT NULL,
    status      text NOT NULL CHECK (status IN ('prompted', 'paid', 'declined')),
    reason      text,
    created_at  timestamptz NOT NULL,
    decided_at  timestamptz
);
CREATE INDEX simulator_payments_by_phone ON simulator_payments (phone, created_at DESC);
