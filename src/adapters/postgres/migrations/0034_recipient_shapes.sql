-- A campaign's preview prices a list without reading it out: it counts the recipients by their
-- names' lengths where the names are plain (`domain.campaigns.PLAIN_NAME_PATTERN`, which this
-- pattern repeats: a test holds the two together), by the names themselves otherwise. Matching
-- the pattern on every row of a 100,000-contact list took as long as reading the list; stored,
-- it is matched once, as a contact is written.
ALTER TABLE contacts ADD COLUMN plain_names boolean NOT NULL
    GENERATED ALWAYS AS ((first_name || last_name) ~ '^[abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,''-]*$') STORED;

-- A contact's main number is its own `phone`; the preview reads the list's extra numbers alone
-- beside the contacts, and most lists have few or none.
CREATE INDEX contact_phones_extra ON contact_phones (account_id, list_id) WHERE NOT is_main;
