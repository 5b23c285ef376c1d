-- How many contacts each list holds, kept by the database itself (decision: contacts): at most
-- 100,000 a list, domain.contacts.MAX_CONTACTS_PER_LIST.
--
-- A statement-level trigger on `contacts` adds what each INSERT (or COPY) added and takes away
-- what each DELETE removed, so every writer (one contact, an import, a cascade) keeps the count
-- without knowing about it, and the CHECK refuses the statement that would pass the limit:
-- concurrent writers to one list queue on the list's row, so the limit holds exactly, and listing
-- lists reads `contact_count` instead of counting up to 100,000 rows per list.

ALTER TABLE contact_lists ADD COLUMN contact_count integer NOT NULL DEFAULT 0
    CONSTRAINT contact_lists_at_most_100000_contacts CHECK (contact_count BETWEEN 0 AND 100000);

UPDATE contact_lists l SET contact_count = (
    SELECT count(*) FROM contacts c WHERE c.account_id = l.account_id AND c.list_id = l.id);

CREATE FUNCTION contact_lists_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE contact_lists l SET contact_count = l.contact_count + a.n
      FROM (SELECT account_id, list_id, count(*) AS n FROM added GROUP BY account_id, list_id) a
     WHERE l.account_id = a.account_id AND l.id = a.list_id;
    RETURN NULL;
END $$;

CREATE FUNCTION contact_lists_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- A list deleted with its contacts (ON DELETE CASCADE) is no longer there to update.
    UPDATE contact_lists l SET contact_count = l.contact_count - r.n
      FROM (SELECT account_id, list_id, count(*) AS n FROM removed GROUP BY account_id, list_id) r
     WHERE l.account_id = r.account_id AND l.id = r.list_id;
    RETURN NULL;
END $$;

CREATE TRIGGER contacts_counted_in AFTER INSERT ON contacts
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION contact_lists_count_added();
CREATE TRIGGER contacts_counted_out AFTER DELETE ON contacts
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION contact_lists_count_removed();

-- A contact stays in the list it was added to (the count follows INSERT and DELETE only).
CREATE FUNCTION contacts_keep_their_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a contact cannot move to another list' USING ERRCODE = 'check_violation';
END $$;
CREATE TRIGGER contacts_stay_in_their_list BEFORE UPDATE OF list_id ON contacts
    FOR EACH ROW WHEN (OLD.list_id IS DISTINCT FROM NEW.list_id) EXECUTE FUNCTION contacts_keep_their_list();
