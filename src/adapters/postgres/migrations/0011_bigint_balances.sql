-- Balances in bigint. A posting moves at most 1,000,000,000 credits (domain), but a balance is
-- a sum of postings, and a 32-bit column would have to refuse a posting for its size: a grant
-- the operator meant, or worse a refund owed after a failed send, which must always apply. The
-- posting amount stays integer. ALTER ... TYPE rewrites the rows without firing the append-only
-- row triggers (nothing is updated in the ledger's sense).
ALTER TABLE credit_balances ALTER COLUMN balance TYPE bigint;
ALTER TABLE ledger_entries ALTER COLUMN balance_after TYPE bigint;

-- debit_in_order (0009) with its balance variables and result in bigint; otherwise unchanged.
DROP FUNCTION debit_in_order(uuid[], uuid[], integer[], text[], text[], timestamptz[]);
CREATE FUNCTION debit_in_order(
    p_accounts uuid[], p_entry_ids uuid[], p_credits integer[], p_descriptions text[],
    p_references text[], p_at timestamptz[]
) RETURNS TABLE (item integer, verdict text, balance_at bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_account uuid;
    v_balance bigint;
    v_seq bigint;
    v_at timestamptz;
    v_posted text[];
    v_items integer[];
    v_i integer;
    v_appended integer[];
    v_seqs bigint[];
    v_balances bigint[];
BEGIN
    FOR v_account IN SELECT DISTINCT a FROM unnest(p_accounts) AS a ORDER BY a LOOP
        SELECT array_agg(k ORDER BY k) INTO v_items
        FROM generate_subscripts(p_accounts, 1) AS k WHERE p_accounts[k] = v_account;

        SELECT b.balance, b.entries INTO v_balance, v_seq
        FROM credit_balances AS b WHERE b.account_id = v_account FOR UPDATE;

        SELECT coalesce(array_agg(l.reference), '{}') INTO v_posted
        FROM ledger_entries AS l
        WHERE l.account_id = v_account
          AND l.reference = ANY (SELECT p_references[k] FROM unnest(v_items) AS k);

        v_appended := '{}'; v_seqs := '{}'; v_balances := '{}';
        FOREACH v_i IN ARRAY v_items LOOP
            item := v_i;
            IF p_references[v_i] = ANY (v_posted) THEN
                verdict := 'posted'; balance_at := coalesce(v_balance, 0);
            ELSIF v_balance IS NULL OR v_balance - p_credits[v_i] < 0 THEN
                verdict := 'refused'; balance_at := coalesce(v_balance, 0);
            ELSE
                v_balance := v_balance - p_credits[v_i];
                v_seq := v_seq + 1;
                v_at := p_at[v_i];
                v_posted := v_posted || p_references[v_i];
                v_appended := v_appended || v_i;
                v_seqs := v_seqs || v_seq;
                v_balances := v_balances || v_balance;
                verdict := 'appended'; balance_at := v_balance;
            END IF;
            RETURN NEXT;
        END LOOP;

        IF cardinality(v_appended) > 0 THEN
            INSERT INTO ledger_entries (account_id, id, seq, type, amount, balance_after, description,
                                        reference, refunds, created_at)
            SELECT v_account, p_entry_ids[u.k], u.seq, 'deduct', -p_credits[u.k], u.balance_after,
                   p_descriptions[u.k], p_references[u.k], NULL, p_at[u.k]
            FROM unnest(v_appended, v_seqs, v_balances) AS u(k, seq, balance_after);

            UPDATE credit_balances AS b SET balance = v_balance, entries = v_seq, updated_at = v_at
            WHERE b.account_id = v_account;
        END IF;
    END LOOP;
END;
$$;
