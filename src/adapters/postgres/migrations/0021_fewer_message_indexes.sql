-- Every index on `messages` is written again by each change of a message's status (a new row
-- version, never a HOT update while `status` is indexed), and a message changes status twice
-- (sent, then delivered): the indexes were half of PostgreSQL's work in a campaign.
--
-- One index by number instead of two: (to_number, account_id, created_at DESC) serves the log's
-- search by number (one account's sends to it, newest first, whatever other accounts sent it) and
-- inbound routing (the latest send to the number across accounts: the newest of each account's
-- sends to it, one index descent per account, `adapters/postgres/inbound.py`).
--
-- The log's filter by status needs an index for the rare statuses only: a page of `delivered`
-- (most messages) is found by walking `messages_log`, so the index by status leaves delivered
-- messages out, and the report that delivers a message adds nothing to it.
--
-- Like the migrations before it, this builds its indexes inside the migration's transaction,
-- which holds writes to `messages` until it commits.
DROP INDEX messages_by_number;
DROP INDEX messages_by_recipient;
CREATE INDEX messages_by_recipient ON messages (to_number, account_id, created_at DESC);
DROP INDEX messages_by_status;
CREATE INDEX messages_by_status ON messages (account_id, status, created_at DESC) WHERE status <> 'delivered';
