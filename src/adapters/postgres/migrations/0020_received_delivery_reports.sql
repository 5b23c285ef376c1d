-- Delivery reports as gateways hand them over, until a job applies them: written (one statement
-- per batch a gateway hands over) before the carrier is acknowledged, taken out by the job that
-- applies them, up to a thousand at a time, in the transaction that applies them. Operational, not
-- a tenant table: a report names only the gateway's reference.
CREATE TABLE received_delivery_reports (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    gateway_ref text NOT NULL,
    outcome     text NOT NULL,
    error       text,
    reported_at timestamptz NOT NULL  -- when the carrier says it happened: not applied before then
);

CREATE INDEX received_delivery_reports_due ON received_delivery_reports (reported_at, id);
