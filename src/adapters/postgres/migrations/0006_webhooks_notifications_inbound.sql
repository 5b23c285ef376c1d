-- Issue 5: webhooks, notifications, delivery reports, inbound SMS and opt-outs.

-- Customer webhook endpoints; the secret signs every delivery and is shown once, at creation.
CREATE TABLE webhook_endpoints (
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id              uuid NOT NULL,
    url             text NOT NULL,
    events          text[] NOT NULL CHECK (cardinality(events) > 0),
    secret          text NOT NULL,
    enabled         boolean NOT NULL DEFAULT true,
    disabled_reason text,
    created_at      timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

-- One row per (endpoint, event): the event id stays the same across retries.
CREATE TABLE webhook_deliveries (
    account_id       uuid NOT NULL,
    id               uuid NOT NULL,
    endpoint_id      uuid NOT NULL,
    event_id         uuid NOT NULL,
    event_type       text NOT NULL,
    payload          jsonb NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  timestamptz,
    last_status_code integer,
    last_error       text,
    created_at       timestamptz NOT NULL,
    completed_at     timestamptz,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, endpoint_id, event_id),
    FOREIGN KEY (account_id, endpoint_id) REFERENCES webhook_endpoints (account_id, id) ON DELETE CASCADE,
    CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);

CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (account_id, endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
    account_id   uuid NOT NULL,
    delivery_id  uuid NOT NULL,
    attempt      integer NOT NULL CHECK (attempt >= 1),
    attempted_at timestamptz NOT NULL,
    status_code  integer,
    error        text,
    duration_ms  integer NOT NULL CHECK (duration_ms >= 0),
    PRIMARY KEY (account_id, delivery_id, attempt),
    FOREIGN KEY (account_id, delivery_id) REFERENCES webhook_deliveries (account_id, id) ON DELETE CASCADE
);

-- Dashboard notifications (GET /v1/notifications).
CREATE TABLE notifications (
    account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id         uuid NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('low_balance', 'payment', 'campaign', 'announcement')),
    title      text NOT NULL,
    message    text NOT NULL,
    data       jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL,
    read_at    timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX notifications_newest ON notifications (account_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL;

-- Whether the account was told of its current stretch below `accounts.low_balance_threshold`:
-- a low-balance notification goes out once per crossing, not once per debit.
CREATE TABLE low_balance_alerts (
    account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    notified   boolean NOT NULL,
    changed_at timestamptz NOT NULL
);

-- SMS contacts sent back, kept for the account whose messages the number received.
CREATE TABLE inbound_messages (
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id          uuid NOT NULL,
    from_number text NOT NULL,
    to_sender   text,
    body        text NOT NULL,
    action      text CHECK (action IN ('stop', 'start')),
    gateway_ref text,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX inbound_messages_newest ON inbound_messages (account_id, received_at DESC, id DESC);

-- Inbound SMS from numbers no account ever sent to: the gateway's, not a tenant's.
CREATE TABLE unrouted_inbound_messages (
    id          uuid PRIMARY KEY,
    from_number text NOT NULL,
    to_sender   text,
    body        text NOT NULL,
    gateway_ref text,
    received_at timestamptz NOT NULL
);

-- Routing an inbound SMS looks for the latest send to its number, across accounts.
CREATE INDEX messages_by_recipient ON messages (to_number, created_at DESC);

-- Numbers that replied STOP to an account; START removes the row. Campaigns leave them out.
CREATE TABLE opt_outs (
    account_id   uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    phone        text NOT NULL,
    opted_out_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, phone)
);

-- Delivery reports whose gateway reference matched no message (yet): kept, not applied. A
-- report that overtook its submit's outcome is matched again later by a periodic job.
CREATE TABLE unmatched_delivery_reports (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    gateway_ref text NOT NULL,
    outcome     text NOT NULL,
    error       text,
    reported_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    matched_at  timestamptz
);

CREATE INDEX unmatched_delivery_reports_open ON unmatched_delivery_reports (received_at) WHERE matched_at IS NULL;
