-- Idempotency-Key (decision: idempotency keys): one row per (account, route, key). The row is the claim of the
-- request running under the key (inserted with ON CONFLICT DO NOTHING, so two racing requests
-- cannot both win), then the stored successful response replayed until `expires_at`.
CREATE TABLE idempotency_keys (
    account_id      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    route           text NOT NULL,
    idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[\x20-\x7e]{1,128}$'),
    fingerprint     text NOT NULL,
    claimed_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    response_status integer,
    response_body   bytea,
    completed_at    timestamptz,
    PRIMARY KEY (account_id, route, idempotency_key),
    CHECK ((response_status IS NULL) = (response_body IS NULL)),
    CHECK ((response_status IS NULL) = (completed_at IS NULL))
);

-- The purge job deletes across accounts by age.
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- International rate card (GET /v1/rates), public reference data shared by all accounts.
-- rate_tzs is the indicative price of one SMS part; a credit is worth 35 TZS abroad, so a part
-- costs ceil(rate_tzs / 35) credits. Tanzania is listed at 35 TZS: its one credit per part.
CREATE TABLE country_rates (
    iso2      text PRIMARY KEY CHECK (iso2 ~ '^[A-Z]{2}$'),
    name      text NOT NULL,
    dial_code text NOT NULL CHECK (dial_code ~ '^\+[0-9]{1,4}$'),
    rate_tzs  numeric(10, 2) NOT NULL CHECK (rate_tzs > 0)
);

CREATE UNIQUE INDEX country_rates_name_key ON country_rates (lower(name));

INSERT INTO country_rates (name, iso2, dial_code, rate_tzs) VALUES
    ('Tanzania', 'TZ', '+255', 35.00),
    ('Kenya', 'KE', '+254', 70.00),
    ('Uganda', 'UG', '+256', 70.00),
    ('Rwanda', 'RW', '+250', 80.00),
    ('Burundi', 'BI', '+257', 90.00),
    ('South Sudan', 'SS', '+211', 150.00),
    ('Ethiopia', 'ET', '+251', 120.00),
    ('Somalia', 'SO', '+252', 140.00),
    ('DR Congo', 'CD', '+243', 110.00),
    ('Zambia', 'ZM', '+260', 85.00),
    ('Malawi', 'MW', '+265', 80.00),
    ('Mozambique', 'MZ', '+258', 90.00),
    ('Zimbabwe', 'ZW', '+263', 95.00),
    ('South Africa', 'ZA', '+27', 60.00),
    ('Botswana', 'BW', '+267', 100.00),
    ('Namibia', 'NA', '+264', 100.00),
    ('Madagascar', 'MG', '+261', 130.00),
    ('Comoros', 'KM', '+269', 150.00),
    ('Nigeria', 'NG', '+234', 110.00),
    ('Ghana', 'GH', '+233', 95.00),
    ('Egypt', 'EG', '+20', 105.00),
    ('United Kingdom', 'GB', '+44', 120.00),
    ('United States', 'US', '+1', 87.50),
    ('Canada', 'CA', '+1', 87.50),
    ('United Arab Emirates', 'AE', '+971', 100.00),
    ('India', 'IN', '+91', 52.50),
    ('China', 'CN', '+86', 95.00);
