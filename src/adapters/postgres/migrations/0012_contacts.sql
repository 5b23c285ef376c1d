-- Contact lists and contacts (decision: contacts).
--
-- Every number of a contact, its main one and its extra ones, is a row of contact_phones in
-- E.164, and UNIQUE (account_id, list_id, phone) keeps a number once per list across main and
-- extra numbers: concurrent writers of the same number meet the constraint, not a read that
-- raced. `contacts.phone` repeats the main number (the row of contact_phones with is_main) so a
-- list's recipients are read from one table.

CREATE TABLE contact_lists (
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    id          uuid NOT NULL,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    is_default  boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, id)
);
-- One default list per account, however many first accesses race to create it.
CREATE UNIQUE INDEX contact_lists_one_default ON contact_lists (account_id) WHERE is_default;
CREATE INDEX contact_lists_newest ON contact_lists (account_id, created_at DESC, id DESC);

CREATE TABLE contacts (
    account_id uuid NOT NULL,
    list_id    uuid NOT NULL,
    id         uuid NOT NULL,
    phone      text NOT NULL,  -- the main number, E.164
    first_name text NOT NULL DEFAULT '',
    last_name  text NOT NULL DEFAULT '',
    email      text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, list_id) REFERENCES contact_lists (account_id, id) ON DELETE CASCADE
);
-- A list's contacts in the order they were added (pages, exports, campaign runs).
CREATE INDEX contacts_in_list ON contacts (account_id, list_id, created_at, id);

CREATE TABLE contact_phones (
    account_id uuid NOT NULL,
    list_id    uuid NOT NULL,
    contact_id uuid NOT NULL,
    id         uuid NOT NULL,
    phone      text NOT NULL,  -- E.164
    is_main    boolean NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, id),
    CONSTRAINT contact_phones_unique_in_list UNIQUE (account_id, list_id, phone),
    FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, id) ON DELETE CASCADE,
    FOREIGN KEY (account_id, list_id) REFERENCES contact_lists (account_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX contact_phones_one_main ON contact_phones (account_id, contact_id) WHERE is_main;
CREATE INDEX contact_phones_of_contact ON contact_phones (account_id, contact_id);

-- campaigns.contact_list_id stays without a foreign key: a campaign's record and counters outlive
-- the list it was sent to (deleting a list deletes its contacts, not the history of what was sent).
