-- Every phone code sent, by number and by the client address that asked, whichever account
-- asked: free accounts are easy to make, so the hourly caps per number and per address count
-- across accounts. A platform table, like the simulators' (it counts across accounts); a row
-- lives an hour, until the phone-code purge.
CREATE TABLE phone_otp_sends (
    account_id      uuid NOT NULL,
    phone           text NOT NULL,
    client_address  text NOT NULL,
    sent_at         timestamptz NOT NULL
);
CREATE INDEX phone_otp_sends_by_phone ON phone_otp_sends (phone, sent_at);
CREATE INDEX phone_otp_sends_by_address ON phone_otp_sends (client_address, sent_at);

-- A callback whose signature does not verify is anyone's post: kept briefly (its body cut short)
-- for the operator to see what was refused, then purged; verified answers are kept.
ALTER TABLE payment_provider_events ADD COLUMN verified boolean NOT NULL DEFAULT true;
CREATE INDEX payment_provider_events_unverified ON payment_provider_events (received_at) WHERE NOT verified;
