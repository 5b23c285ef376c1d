-- Two carriers' SMSCs may issue the same message id: a delivery report is matched by the SMPP bind
-- it came in on and the id, so each message records the bind that took it, and a report the bind
-- it was heard on. NULL: a gateway with one connection (the simulator), or a message sent before
-- binds were recorded (a report then matches it by the id alone). Nullable, no default: instant.
ALTER TABLE messages ADD COLUMN gateway_bind text;
ALTER TABLE received_delivery_reports ADD COLUMN bind text;
ALTER TABLE unmatched_delivery_reports ADD COLUMN bind text;
