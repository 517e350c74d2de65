-- One writer of transfers for every call (issue 11, throughput): `ledger_transfer_group` takes a
-- list of transfers as parallel arrays and makes them all or none. It serves a single transfer, a
-- batch (a conversion with its fee) and a group of several callers' calls made at once (group
-- commit, modules/ledger/group-commit.ts); `ledger_transfer` and `ledger_transfer_one` are gone.
--
-- Set-based: each statement serves the whole list. Every account of the list is locked in id order
-- and read once (no two lists wait on each other in a cycle); with them held, a transfer already
-- made under a key is visible (its maker held the same locks until it committed). The transfers are
-- then worked through in order in memory: a key already used answers its transfer when the request
-- hash is the same (a replay changes nothing) and is refused otherwise (LD002); a customer account
-- that would go below zero, counting held money as spent, refuses the list (LD001); an unknown
-- account or one of another asset is a bug (LD003). Each posted side is stamped with the later of
-- its transfer's time and a microsecond after its account's last entry, with the account's balance
-- after it. Then one update writes the accounts and one insert the transfers. Two asks of one key
-- for different accounts take no common lock: the second's insert meets the unique key (23505 on
-- ledger_transfers_idempotency_key), which ledger.ts answers as the conflict it is.
CREATE OR REPLACE FUNCTION ledger_transfer_group(
  p_ids uuid[], p_keys text[], p_hashes text[], p_kinds text[], p_assets text[], p_debits uuid[],
  p_credits uuid[], p_amounts numeric[], p_ref_types text[], p_ref_ids text[], p_pendings boolean[],
  p_nows timestamptz[], OUT transfer_ids uuid[], OUT replays boolean[])
LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(p_ids, 1), 0);
  account_ids uuid[];
  account_assets text[];
  account_is_customer boolean[];
  balances numeric[];
  helds numeric[];
  last_entries timestamptz[];
  changes int[];
  used_keys text[];
  used_ids uuid[];
  used_hashes text[];
  written int[] := '{}';
  debit_ats timestamptz[];
  debit_afters numeric[];
  credit_ats timestamptz[];
  credit_afters numeric[];
  d int;
  c int;
  k int;
BEGIN
  transfer_ids := '{}';
  replays := '{}';
  IF n = 0 THEN RETURN; END IF;

  SELECT array_agg(id), array_agg(asset), array_agg(kind = 'customer'), array_agg(balance), array_agg(held),
         array_agg(last_entry_at), array_agg(0)
    INTO account_ids, account_assets, account_is_customer, balances, helds, last_entries, changes
    FROM (SELECT id, asset, kind, balance, held, last_entry_at FROM ledger_accounts
          WHERE id = ANY (p_debits || p_credits) ORDER BY id FOR UPDATE) locked;

  SELECT array_agg(idempotency_key), array_agg(id), array_agg(request_hash)
    INTO used_keys, used_ids, used_hashes
    FROM ledger_transfers WHERE idempotency_key = ANY (p_keys);

  FOR i IN 1 .. n LOOP
    k := array_position(used_keys, p_keys[i]);
    IF k IS NOT NULL THEN
      IF used_hashes[k] <> p_hashes[i] THEN
        RAISE EXCEPTION 'idempotency key used for another transfer' USING ERRCODE = 'LD002', DETAIL = p_keys[i];
      END IF;
      transfer_ids[i] := used_ids[k];
      replays[i] := true;
      CONTINUE;
    END IF;

    d := array_position(account_ids, p_debits[i]);
    c := array_position(account_ids, p_credits[i]);
    IF d IS NULL OR account_assets[d] <> p_assets[i] THEN
      RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = p_debits[i]::text;
    END IF;
    IF account_is_customer[d] AND balances[d] - helds[d] < p_amounts[i] THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'LD001', DETAIL = p_debits[i]::text;
    END IF;
    IF c IS NULL OR account_assets[c] <> p_assets[i] THEN
      RAISE EXCEPTION 'unknown account or another asset' USING ERRCODE = 'LD003', DETAIL = p_credits[i]::text;
    END IF;

    IF p_pendings[i] THEN
      -- A hold moves nothing yet: it reserves the amount on the debit account.
      helds[d] := helds[d] + p_amounts[i];
    ELSE
      balances[d] := balances[d] - p_amounts[i];
      last_entries[d] := greatest(p_nows[i], last_entries[d] + interval '1 microsecond');
      debit_ats[i] := last_entries[d];
      debit_afters[i] := balances[d];
      balances[c] := balances[c] + p_amounts[i];
      last_entries[c] := greatest(p_nows[i], last_entries[c] + interval '1 microsecond');
      credit_ats[i] := last_entries[c];
      credit_afters[i] := balances[c];
      changes[c] := changes[c] + 1;
    END IF;
    changes[d] := changes[d] + 1;

    used_keys := used_keys || p_keys[i];
    used_ids := used_ids || p_ids[i];
    used_hashes := used_hashes || p_hashes[i];
    transfer_ids[i] := p_ids[i];
    replays[i] := false;
    written := written || i;
  END LOOP;

  UPDATE ledger_accounts a
    SET balance = u.balance, held = u.held, last_entry_at = u.last_entry_at, version = a.version + u.changes
    FROM unnest(account_ids, balances, helds, last_entries, changes) AS u(id, balance, held, last_entry_at, changes)
    WHERE a.id = u.id AND u.changes > 0;

  INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, asset, debit_account_id,
    credit_account_id, amount, state, reference_type, reference_id, created_at, resolved_at,
    debit_at, debit_balance_after, credit_at, credit_balance_after)
  SELECT p_ids[i], p_keys[i], p_hashes[i], p_kinds[i], p_assets[i], p_debits[i], p_credits[i], p_amounts[i],
    CASE WHEN p_pendings[i] THEN 'pending' ELSE 'posted' END, p_ref_types[i], p_ref_ids[i], p_nows[i],
    CASE WHEN p_pendings[i] THEN NULL ELSE p_nows[i] END,
    debit_ats[i], debit_afters[i], credit_ats[i], credit_afters[i]
  FROM unnest(written) AS i;
END $$;
--> statement-breakpoint
DROP FUNCTION ledger_transfer(jsonb, timestamptz);
--> statement-breakpoint
DROP FUNCTION ledger_transfer_one(uuid, text, text, text, text, uuid, uuid, numeric, text, text, boolean, timestamptz);
