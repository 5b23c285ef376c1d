-- Delivery reports as gateways hand them over, until a job applies them: written (one statement
-- per batch a gateway hands over) before the carrier is acknowledged, taken out by the job that
-- applies them, up to a thousand at a time, in the transaction that applies them. A report that
-- finds no message yet (its send's outcome is still being recorded) is put back, due a moment
-- later, for a while. Operational, not a tenant table: a report names only the gateway's reference.
CREATE TABLE received_delivery_reports (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    gateway_ref text NOT NULL,
    outcome     text NOT NULL,
    error       text,
    reported_at timestamptz NOT NULL,  -- when the carrier says it happened
    received_at timestamptz NOT NULL,
    due_at      timestamptz NOT NULL   -- not applied before then: reported_at, or when it is tried again
);

CREATE INDEX received_delivery_reports_due ON received_delivery_reports (due_at, id);
