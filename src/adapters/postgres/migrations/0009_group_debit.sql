-- Group commit of single sends' debits (issue 4): the deductions of many concurrent sends in one
-- call, one statement and one commit, with exactly the verdicts they would get one after another.
--
-- Items are taken account by account (balance rows locked in account order, so two groups never
-- deadlock), and within an account in the order given. At its turn an item is
--   'posted'   when its reference is in the ledger already (or earlier in this group): nothing moves;
--   'refused'  when the balance would go below 0 (or the account has no balance row): nothing moves;
--   'appended' otherwise: its entry gets the next `seq` and the running balance as `balance_after`.
-- Each row returned names the item (1-based), its verdict and the balance at its turn (after it,
-- when appended). The balance row is written once per account, with the last appended item's time.
-- CHECK (balance >= 0), the append-only trigger and UNIQUE (account_id, reference) stand behind it.
CREATE FUNCTION debit_in_order(
    p_accounts uuid[], p_entry_ids uuid[], p_credits integer[], p_descriptions text[],
    p_references text[], p_at timestamptz[]
) RETURNS TABLE (item integer, verdict text, balance_at integer)
LANGUAGE plpgsql AS $$
DECLARE
    v_account uuid;
    v_balance integer;
    v_seq bigint;
    v_at timestamptz;
    v_posted text[];
    v_items integer[];
    v_i integer;
    v_appended integer[];
    v_seqs bigint[];
    v_balances integer[];
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
