-- Campaign runs (decision: campaign states): a campaign's recipients become `pending` messages in one
-- transaction (messages.campaign_id), numbered into batches of a fixed size; a run pays for one
-- batch at a time (ledger reference `campaign:<id>:<batch>`), and `batches_paid` moves with that
-- debit in its transaction, so a resumed run knows which batches are paid for (resubmit their
-- pending messages under their own ids) and which are not (pay, then submit).

ALTER TABLE campaigns
    ADD COLUMN failure_reason text,
    ADD COLUMN batches_paid   integer NOT NULL DEFAULT 0 CHECK (batches_paid >= 0);

-- The batch of its campaign a message belongs to (1, 2, ...); NULL outside campaigns.
ALTER TABLE messages ADD COLUMN campaign_batch integer CHECK (campaign_batch >= 1);

-- A campaign's messages by batch: a run's next batch, and the campaign's message pages.
CREATE INDEX messages_of_campaign ON messages (account_id, campaign_id, campaign_batch)
    WHERE campaign_id IS NOT NULL;
-- The safety net's work list: campaigns due or left running, across accounts.
CREATE INDEX campaigns_running ON campaigns (updated_at) WHERE status = 'running';
