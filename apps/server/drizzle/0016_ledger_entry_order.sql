DROP INDEX "ledger_entries_account";--> statement-breakpoint
DROP INDEX "ledger_entries_account_time";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "last_entry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_time" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
-- Each entry's time is the account's own clock: the later of the transfer's time and the account's
-- last entry, stamped while the account is locked. An account's entries are then in the same order
-- by time as by id (the order they were posted in), so a statement read by time shows each running
-- balance after the entry before it, even when two transfers asked at nearly the same moment took
-- the account's lock in the other order.
UPDATE ledger_accounts a SET last_entry_at = e.at
  FROM (SELECT account_id, max(created_at) AS at FROM ledger_entries GROUP BY account_id) e
  WHERE e.account_id = a.id;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_transfer(p_items jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item record;
  existing record;
  debit_balance numeric;
  credit_balance numeric;
  debit_at timestamptz;
  credit_at timestamptz;
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
      UPDATE ledger_accounts SET balance = balance - item.amount, version = version + 1,
          last_entry_at = greatest(last_entry_at, p_now)
        WHERE id = item.debit AND asset = item.asset AND (kind <> 'customer' OR balance - held >= item.amount)
        RETURNING balance, last_entry_at INTO debit_balance, debit_at;
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
      UPDATE ledger_accounts SET balance = balance + item.amount, version = version + 1,
          last_entry_at = greatest(last_entry_at, p_now)
        WHERE id = item.credit AND asset = item.asset
        RETURNING balance, last_entry_at INTO credit_balance, credit_at;
    END IF;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = item.credit::text;
    END IF;

    IF NOT item.pending THEN
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
      VALUES (item.id, item.debit, -item.amount, debit_balance, debit_at),
             (item.id, item.credit, item.amount, credit_balance, credit_at);
    END IF;
    answers := answers || jsonb_build_object('id', item.id, 'replayed', false);
  END LOOP;
  RETURN answers;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_resolve(p_id uuid, p_post boolean, p_now timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  pending record;
  outcome text := CASE WHEN p_post THEN 'posted' ELSE 'voided' END;
  debit_balance numeric;
  credit_balance numeric;
  debit_at timestamptz;
  credit_at timestamptz;
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
    UPDATE ledger_accounts SET held = held - pending.amount, balance = balance - pending.amount,
        version = version + 1, last_entry_at = greatest(last_entry_at, p_now)
      WHERE id = pending.debit_account_id RETURNING balance, last_entry_at INTO debit_balance, debit_at;
    UPDATE ledger_accounts SET balance = balance + pending.amount, version = version + 1,
        last_entry_at = greatest(last_entry_at, p_now)
      WHERE id = pending.credit_account_id RETURNING balance, last_entry_at INTO credit_balance, credit_at;
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
    VALUES (p_id, pending.debit_account_id, -pending.amount, debit_balance, debit_at),
           (p_id, pending.credit_account_id, pending.amount, credit_balance, credit_at);
  ELSE
    UPDATE ledger_accounts SET held = held - pending.amount, version = version + 1
      WHERE id = pending.debit_account_id;
  END IF;
  UPDATE ledger_transfers SET state = outcome, resolved_at = p_now
    WHERE id = p_id;
  RETURN true;
END $$;
