-- The operation an Idempotency-Key stands for (the message id of a single send, the batch id of
-- a bulk, later the campaign id). A retry that takes over a claim abandoned by a crashed
-- process runs the same operation again, so the send resumes instead of being made twice.
ALTER TABLE idempotency_keys ADD COLUMN operation_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE idempotency_keys ALTER COLUMN operation_id DROP DEFAULT;

-- Gateway references are unique per gateway, not per platform, and a unique index that does
-- not lead with account_id cannot be kept on a table distributed by account (decision: tenant keys): the
-- delivery-report lookup only needs an ordinary index.
DROP INDEX messages_gateway_ref;
CREATE INDEX messages_gateway_ref ON messages (gateway_ref) WHERE gateway_ref IS NOT NULL;

-- A request that failed releases its key (claimed_at NULL) but the row keeps the operation id:
-- a retry of the same request resumes that operation, so a failure after the debit (a 500)
-- cannot lead the retry to pay and send a second time.
ALTER TABLE idempotency_keys ALTER COLUMN claimed_at DROP NOT NULL;
ALTER TABLE idempotency_keys ADD CHECK (claimed_at IS NOT NULL OR response_status IS NULL);
