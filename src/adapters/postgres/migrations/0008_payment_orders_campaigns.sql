-- Payment orders (decision: order settlement) and campaigns (decision: campaign states): the tables their own
-- issues build on. Issue 5 needs them for payment-order expiry and campaign delivery counters.

-- A package or voucher bought with mobile money: pending until the provider answers, then
-- confirmed (credits granted once, ledger reference per order) or failed (the provider said so,
-- an operator failed it, or nobody answered within 10 minutes).
CREATE TABLE payment_orders (
    account_id       uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id               uuid NOT NULL,
    status           text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
    source           text NOT NULL CHECK (source IN ('package', 'voucher')),
    provider         text NOT NULL,
    amount           integer NOT NULL CHECK (amount > 0),  -- TZS
    currency         text NOT NULL DEFAULT 'TZS' CHECK (currency = 'TZS'),
    credit_amount    integer NOT NULL CHECK (credit_amount > 0),
    checkout_message text NOT NULL,
    payer_phone      text,  -- E.164; none for providers without a USSD push (`manual`)
    provider_ref     text,  -- the provider's id for the payment, once it gave one
    failure_reason   text,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    confirmed_at     timestamptz,
    failed_at        timestamptz,
    PRIMARY KEY (account_id, id),
    UNIQUE (account_id, provider, provider_ref),
    CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL)),
    CHECK ((status = 'failed') = (failed_at IS NOT NULL)),
    CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);

CREATE INDEX payment_orders_newest ON payment_orders (account_id, created_at DESC, id DESC);
-- The expiry job's work list: pending orders by age, across accounts.
CREATE INDEX payment_orders_pending_by_age ON payment_orders (created_at) WHERE status = 'pending';
-- A provider's callback names its own reference, not the account.
CREATE INDEX payment_orders_by_provider_ref ON payment_orders (provider, provider_ref)
    WHERE provider_ref IS NOT NULL;

-- A campaign sends one message to a contact list. Contact lists do not exist yet (their own
-- issue), so `contact_list_id` has no foreign key here; the contact-list migration adds
-- (account_id, contact_list_id) → contact_lists. delivered_count and failed_count follow the
-- final delivery report of each of its messages (messages.campaign_id), once per message.
CREATE TABLE campaigns (
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id              uuid NOT NULL,
    name            text NOT NULL,
    message         text NOT NULL,
    sender_id       text,  -- the requested sender ID; NULL sends under the platform default
    status          text NOT NULL
                    CHECK (status IN ('draft', 'scheduled', 'running', 'completed', 'failed')),
    contact_list_id uuid NOT NULL,
    total_contacts  integer NOT NULL DEFAULT 0 CHECK (total_contacts >= 0),
    sent_count      integer NOT NULL DEFAULT 0 CHECK (sent_count >= 0),
    delivered_count integer NOT NULL DEFAULT 0 CHECK (delivered_count >= 0),
    failed_count    integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
    scheduled_at    timestamptz,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    completed_at    timestamptz,
    PRIMARY KEY (account_id, id)
);

CREATE INDEX campaigns_newest ON campaigns (account_id, created_at DESC, id DESC);
-- The scheduler's work list: scheduled campaigns by due time, across accounts.
CREATE INDEX campaigns_due ON campaigns (scheduled_at) WHERE status = 'scheduled';
