-- One transfer with plain arguments (issue 11, throughput). Most business actions make a single
-- transfer; decoding a JSON batch for it (jsonb_to_recordset, the UNION that collects the batch's
-- accounts, the answers array) cost about a third of the database's time per transfer under load.
-- `ledger_transfer_one` is now the one place a transfer is written; `ledger_transfer` locks every
-- account of a batch in id order and then asks it for each transfer (locking a row the
-- transaction already holds is free), so both paths make the same rows, refusals and answers.
CREATE OR REPLACE FUNCTION ledger_transfer_one(
  p_id uuid, p_key text, p_hash text, p_kind text, p_asset text, p_debit uuid, p_credit uuid,
  p_amount numeric, p_ref_type text, p_ref_id text, p_pending boolean, p_now timestamptz,
  OUT transfer_id uuid, OUT replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  existing record;
  debit_balance numeric;
  credit_balance numeric;
  debit_at timestamptz;
  credit_at timestamptz;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_debit, p_credit) ORDER BY id FOR UPDATE;

  INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, asset, debit_account_id,
    credit_account_id, amount, state, reference_type, reference_id, created_at, resolved_at)
  VALUES (p_id, p_key, p_hash, p_kind, p_asset, p_debit, p_credit, p_amount,
    CASE WHEN p_pending THEN 'pending' ELSE 'posted' END, p_ref_type, p_ref_id, p_now,
    CASE WHEN p_pending THEN NULL ELSE p_now END)
  ON CONFLICT (idempotency_key) DO NOTHING;

  IF NOT FOUND THEN
    SELECT id, request_hash INTO existing FROM ledger_transfers WHERE idempotency_key = p_key;
    IF existing.request_hash <> p_hash THEN
      RAISE EXCEPTION 'idempotency key used for another transfer' USING ERRCODE = 'LD002', DETAIL = p_key;
    END IF;
    transfer_id := existing.id;
    replayed := true;
    RETURN;
  END IF;

  -- The debit: refused when a customer account would go below zero (held money counts as spent).
  IF p_pending THEN
    UPDATE ledger_accounts SET held = held + p_amount, version = version + 1
      WHERE id = p_debit AND asset = p_asset AND (kind <> 'customer' OR balance - held >= p_amount)
      RETURNING balance INTO debit_balance;
  ELSE
    UPDATE ledger_accounts SET balance = balance - p_amount, version = version + 1,
        last_entry_at = greatest(last_entry_at, p_now)
      WHERE id = p_debit AND asset = p_asset AND (kind <> 'customer' OR balance - held >= p_amount)
      RETURNING balance, last_entry_at INTO debit_balance, debit_at;
  END IF;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_debit AND asset = p_asset) THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LD001', DETAIL = p_debit::text;
    END IF;
    RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = p_debit::text;
  END IF;

  IF p_pending THEN
    -- A hold moves nothing yet: the credit account must exist and hold the asset.
    PERFORM 1 FROM ledger_accounts WHERE id = p_credit AND asset = p_asset;
  ELSE
    UPDATE ledger_accounts SET balance = balance + p_amount, version = version + 1,
        last_entry_at = greatest(last_entry_at, p_now)
      WHERE id = p_credit AND asset = p_asset
      RETURNING balance, last_entry_at INTO credit_balance, credit_at;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = p_credit::text;
  END IF;

  IF NOT p_pending THEN
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
    VALUES (p_id, p_debit, -p_amount, debit_balance, debit_at),
           (p_id, p_credit, p_amount, credit_balance, credit_at);
  END IF;
  transfer_id := p_id;
  replayed := false;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_transfer(p_items jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item record;
  answer record;
  answers jsonb := '[]'::jsonb;
BEGIN
  -- Every account of the batch in id order first, so that no two batches wait on each other in a cycle.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT (value->>'debit')::uuid FROM jsonb_array_elements(p_items)
                 UNION SELECT (value->>'credit')::uuid FROM jsonb_array_elements(p_items))
    ORDER BY id FOR UPDATE;

  FOR item IN SELECT * FROM jsonb_to_recordset(p_items) AS x(
    id uuid, key text, hash text, kind text, asset text, debit uuid, credit uuid, amount numeric,
    ref_type text, ref_id text, pending boolean)
  LOOP
    SELECT * INTO answer FROM ledger_transfer_one(item.id, item.key, item.hash, item.kind, item.asset,
      item.debit, item.credit, item.amount, item.ref_type, item.ref_id, item.pending, p_now);
    answers := answers || jsonb_build_object('id', answer.transfer_id, 'replayed', answer.replayed);
  END LOOP;
  RETURN answers;
END $$;
