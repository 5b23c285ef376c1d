-- Append-only covers TRUNCATE too (decision: ledger statement): the row triggers of 0003 never see a TRUNCATE,
-- which empties the table without visiting a row, so a statement trigger refuses it.
CREATE TRIGGER ledger_entries_no_truncate
    BEFORE TRUNCATE ON ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
