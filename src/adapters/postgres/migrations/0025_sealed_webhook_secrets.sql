-- Webhook signing secrets are kept sealed (AES-GCM under a key derived from the service secret
-- key, which the database never sees), so a copy of the database cannot sign a delivery.
-- SQL cannot seal: the migration runner seals the rows already there in this same transaction,
-- then validates the constraint, so no plain `whsec_` secret is left or can be written again.
ALTER TABLE webhook_endpoints RENAME COLUMN secret TO sealed_secret;
ALTER TABLE webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_secret_sealed CHECK (NOT starts_with(sealed_secret, 'whsec_')) NOT VALID;
