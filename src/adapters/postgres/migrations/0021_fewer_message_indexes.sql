-- Every index on `messages` is written again by each change of a message's status (a new row
-- version, never a HOT update while `status` is indexed), and a message changes status twice
-- (sent, then delivered): the indexes were half of PostgreSQL's work in a campaign.
--
-- One index by number instead of two: (to_number, account_id, created_at DESC) serves the log's
-- search by number (one account's sends to it, newest first, whatever other accounts sent it) and
-- inbound routing (the latest send to the number across accounts: the newest of each account's
-- sends to it, one index descent per account, `adapters/postgres/sending/inbound.py`).
--
-- The log's filter by status needs an index for the rare statuses only: a page of `delivered`
-- (most messages) is found by walking `messages_log`, so the index by status leaves delivered
-- messages out, and the report that delivers a message adds nothing to it.
--
-- The new indexes are built first, under the SHARE lock of CREATE INDEX (reads of `messages` go
-- on, writes wait until the migration commits); the old ones are dropped last, so DROP INDEX's
-- ACCESS EXCLUSIVE lock, which stops reads too, is held only from there to the commit. On a
-- large table, build the two indexes CONCURRENTLY by hand under the `_new` names before upgrading.
-- The schema it leaves is the same as this migration's first version left.
CREATE INDEX IF NOT EXISTS messages_by_recipient_new ON messages (to_number, account_id, created_at DESC);
CREATE INDEX IF NOT EXISTS messages_by_status_new ON messages (account_id, status, created_at DESC)
    WHERE status <> 'delivered';
DROP INDEX messages_by_number;
DROP INDEX messages_by_recipient;
DROP INDEX messages_by_status;
ALTER INDEX messages_by_recipient_new RENAME TO messages_by_recipient;
ALTER INDEX messages_by_status_new RENAME TO messages_by_status;
