-- A pending message whose submit was handed over to the gateway and never answered: a gateway that
-- cannot recognise a repeated submit (SMPP has no idempotency key on the wire) must not put it on
-- air again, whichever process submits it next. A constant default makes this instant.
ALTER TABLE messages ADD COLUMN handed_over boolean NOT NULL DEFAULT false;
