/**
 * The product side of the ledger benchmark (bench/ledger.bench.mjs bundles this file and runs it):
 *
 *   setup URL ACCOUNTS          migrates, then opens ACCOUNTS company USDC accounts of 1,000,000
 *                               each, funded from a clearing account by posted transfers
 *   run URL CLIENTS SECONDS HOT transfers of 1.25 between random accounts through the product's
 *                               ledger.transfer, CLIENTS at once; with HOT=1 every transfer debits
 *                               the first account. Prints {"transfers": n, "refused": n,
 *                               "clientCpuUsPerTransfer": n} (this process's CPU time per transfer)
 *   check URL                   prints the invariant breaches as JSON (an empty list when sound)
 *
 * As the baseline's pgbench does, each transfer is its own transaction (one statement).
 */
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { ledger } from '../src/modules/ledger/ledger.ts';
import type { AppDatabase } from '../src/platform/db.ts';
import { keepingConnections, openDatabase } from '../src/platform/db.ts';
import { isAppError } from '../src/platform/errors.ts';

const [command = '', url = '', ...rest] = process.argv.slice(2);

async function setup(accounts: number) {
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('truncate ledger_transfers, ledger_accounts');
    await client.query('delete from companies where ci_code = $1', ['bench']);
    await client.query(
      `insert into companies (id, ci_code, created_at) select gen_random_uuid(), 'bench', now() from generate_series(1, $1::int)`,
      [accounts],
    );
    await client.query(
      `insert into ledger_accounts (id, company_id, asset, kind, rail, balance, last_entry_at, created_at)
       select gen_random_uuid(), id, 'USDC', 'customer', '', 1000000, now(), now() from companies where ci_code = 'bench'`,
    );
    await client.query(
      `insert into ledger_accounts (id, company_id, asset, kind, rail, balance, last_entry_at, created_at)
       values (gen_random_uuid(), null, 'USDC', 'clearing', 'bench', -1000000::numeric * $1::int, now(), now())`,
      [accounts],
    );
    await client.query(
      `insert into ledger_transfers (id, idempotency_key, request_hash, kind, asset, debit_account_id, credit_account_id,
         amount, state, reference_type, reference_id, created_at, resolved_at,
         debit_at, debit_balance_after, credit_at, credit_balance_after)
       select gen_random_uuid(), 'fund-' || f.id, '', 'deposit', 'USDC', f.clearing_id, f.id, 1000000, 'posted', 'bench',
         f.id::text, now(), now(), now() + f.n * interval '1 microsecond', -1000000::numeric * f.n, now(), 1000000
       from (select a.id, c.id as clearing_id, row_number() over (order by a.id) as n
             from ledger_accounts a, ledger_accounts c where a.kind = 'customer' and c.kind = 'clearing') f`,
    );
    await client.query(
      `update ledger_accounts set last_entry_at = now() + $1::int * interval '1 microsecond' where kind = 'clearing'`,
      [accounts],
    );
    await client.query('commit');
    await client.query('vacuum analyze ledger_accounts, ledger_transfers');
  } finally {
    await client.end();
  }
}

async function run(clients: number, seconds: number, isHot: boolean) {
  const pool = keepingConnections(new pg.Pool({ connectionString: url, max: clients }));
  const db = drizzle({ client: pool }) as unknown as AppDatabase;
  const { rows } = await pool.query<{ id: string }>(
    `select id from ledger_accounts where kind = 'customer' order by id`,
  );
  const ids = rows.map((row) => row.id);
  const pick = () => ids[Math.floor(Math.random() * ids.length)] ?? '';
  let transfers = 0;
  let refused = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const debit = isHot ? (ids[0] ?? '') : pick();
        const credit = pick();
        if (debit === credit) continue;
        const key = randomUUID();
        try {
          await ledger.transfer(
            db,
            [
              {
                idempotencyKey: key,
                kind: 'bench',
                asset: 'USDC',
                debitAccountId: debit,
                creditAccountId: credit,
                amount: '1.25',
                reference: { type: 'bench', id: key },
              },
            ],
            new Date(),
          );
          transfers += 1;
        } catch (error) {
          if (!isAppError(error)) throw error;
          refused += 1;
        }
      }
    }),
  );
  await pool.end();
  const cpu = process.cpuUsage();
  console.log(
    JSON.stringify({ transfers, refused, clientCpuUsPerTransfer: Math.round((cpu.user + cpu.system) / transfers) }),
  );
}

async function check() {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  console.log(JSON.stringify(await checkLedgerInvariants(drizzle({ client: pool }) as unknown as AppDatabase)));
  await pool.end();
}

if (command === 'setup') await setup(Number(rest[0]));
else if (command === 'run') await run(Number(rest[0]), Number(rest[1]), rest[2] === '1');
else if (command === 'check') await check();
else throw new Error(`unknown command ${command}`);
