-- The ledger's two write operations (modules/ledger/ledger.ts is their only caller). Each runs in
-- the database in one round trip: a transfer is on the path of every movement of money, and the
-- locks it takes are held only while it runs. Errors carry SQLSTATEs of the class LD, which
-- ledger.ts turns into typed errors:
--   LD001 insufficient funds (a customer account would go below zero)
--   LD002 the idempotency key was used for another transfer
--   LD003 an account is unknown or holds another asset
--   LD004 no such pending transfer
--   LD005 the transfer is not pending (posted or voided already, the other way)

-- Transfers, posted at once or held (pending), as one batch: every account the batch touches is
-- locked first, in id order, so that two batches never wait on each other in a cycle. Each item:
-- {id, key, hash, kind, asset, debit, credit, amount, ref_type, ref_id, pending}. Answers, per
-- item in order, {id, replayed}: a key seen before with the same hash answers its first transfer.
CREATE FUNCTION ledger_transfer(p_items jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item record;
  existing record;
  debit_balance numeric;
  credit_balance numeric;
  answers jsonb := '[]'::jsonb;
BEGIN
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT (value->>'debit')::uuid FROM jsonb_array_elements(p_items)
                 UNION SELECT (value->>'credit')::uuid FROM jsonb_array_elements(p_items))
    ORDER BY id FOR UPDATE;

  FOR item IN SELECT * FROM jsonb_to_recordset(p_items) AS x(
    id uuid, key text, hash text, kind text, asset text, debit uuid, credit uuid, amount numeric,
    ref_type text, ref_id text, pending boolean)
  LOOP
    INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, asset, debit_account_id,
      credit_account_id, amount, state, reference_type, reference_id, created_at, resolved_at)
    VALUES (item.id, item.key, item.hash, item.kind, item.asset, item.debit, item.credit, item.amount,
      CASE WHEN item.pending THEN 'pending' ELSE 'posted' END, item.ref_type, item.ref_id, p_now,
      CASE WHEN item.pending THEN NULL ELSE p_now END)
    ON CONFLICT (idempotency_key) DO NOTHING;

    IF NOT FOUND THEN
      SELECT id, request_hash INTO existing FROM ledger_transfers WHERE idempotency_key = item.key;
      IF existing.request_hash <> item.hash THEN
        RAISE EXCEPTION 'idempotency key used for another transfer' USING ERRCODE = 'LD002', DETAIL = item.key;
      END IF;
      answers := answers || jsonb_build_object('id', existing.id, 'replayed', true);
      CONTINUE;
    END IF;

    -- The debit: refused when a customer account would go below zero (held money counts as spent).
    IF item.pending THEN
      UPDATE ledger_accounts SET held = held + item.amount, version = version + 1
        WHERE id = item.debit AND asset = item.asset AND (kind <> 'customer' OR balance - held >= item.amount)
        RETURNING balance INTO debit_balance;
    ELSE
      UPDATE ledger_accounts SET balance = balance - item.amount, version = version + 1
        WHERE id = item.debit AND asset = item.asset AND (kind <> 'customer' OR balance - held >= item.amount)
        RETURNING balance INTO debit_balance;
    END IF;
    IF NOT FOUND THEN
      IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = item.debit AND asset = item.asset) THEN
        RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LD001', DETAIL = item.debit::text;
      END IF;
      RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = item.debit::text;
    END IF;

    IF item.pending THEN
      -- A hold moves nothing yet: the credit account must exist and hold the asset.
      PERFORM 1 FROM ledger_accounts WHERE id = item.credit AND asset = item.asset;
    ELSE
      UPDATE ledger_accounts SET balance = balance + item.amount, version = version + 1
        WHERE id = item.credit AND asset = item.asset
        RETURNING balance INTO credit_balance;
    END IF;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = item.credit::text;
    END IF;

    IF NOT item.pending THEN
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
      VALUES (item.id, item.debit, -item.amount, debit_balance, p_now),
             (item.id, item.credit, item.amount, credit_balance, p_now);
    END IF;
    answers := answers || jsonb_build_object('id', item.id, 'replayed', false);
  END LOOP;
  RETURN answers;
END $$;
--> statement-breakpoint

-- Posts (p_post) or voids a pending transfer. Asking again for what was already done answers false
-- (nothing changed); asking for the other outcome is refused (LD005).
CREATE FUNCTION ledger_resolve(p_id uuid, p_post boolean, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  pending record;
  outcome text := CASE WHEN p_post THEN 'posted' ELSE 'voided' END;
  debit_balance numeric;
  credit_balance numeric;
BEGIN
  SELECT * INTO pending FROM ledger_transfers WHERE id = p_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such transfer' USING ERRCODE = 'LD004', DETAIL = p_id::text;
  END IF;
  IF pending.state = outcome THEN
    RETURN false;
  END IF;
  IF pending.state <> 'pending' THEN
    RAISE EXCEPTION 'transfer is %', pending.state USING ERRCODE = 'LD005', DETAIL = p_id::text;
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id IN (pending.debit_account_id, pending.credit_account_id)
    ORDER BY id FOR UPDATE;
  IF p_post THEN
    UPDATE ledger_accounts SET held = held - pending.amount, balance = balance - pending.amount, version = version + 1
      WHERE id = pending.debit_account_id RETURNING balance INTO debit_balance;
    UPDATE ledger_accounts SET balance = balance + pending.amount, version = version + 1
      WHERE id = pending.credit_account_id RETURNING balance INTO credit_balance;
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
    VALUES (p_id, pending.debit_account_id, -pending.amount, debit_balance, p_now),
           (p_id, pending.credit_account_id, pending.amount, credit_balance, p_now);
  ELSE
    UPDATE ledger_accounts SET held = held - pending.amount, version = version + 1
      WHERE id = pending.debit_account_id;
  END IF;
  UPDATE ledger_transfers SET state = outcome, resolved_at = p_now
    WHERE id = p_id;
  RETURN true;
END $$;
