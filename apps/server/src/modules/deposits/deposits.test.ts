import { isValidAddress } from '@bank/contract/addresses';
import type { BankDetails, Deposit, DepositAddress, DepositConfig } from '@bank/contract/deposit';
import type { DashboardHome } from '@bank/contract/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { registerUser, signIn } from '../account/test-support.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { approvedCompany as approvedClient, depositOperator } from './test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});
afterAll(async () => {
  await test?.close();
});

const approvedCompany = () => approvedClient(test);

const details = (session: Awaited<ReturnType<typeof approvedCompany>>['session'], body: unknown) =>
  call<DepositAddress>(test, '/api/v1/deposit/details', body, { session });

describe('deposit addresses', () => {
  it('lists each asset with its networks and confirmations', async () => {
    const { session } = await approvedCompany();
    const config = await call<DepositConfig>(test, '/api/v1/deposit/getConfig', {}, { session });
    expect(config.data.assets.find((asset) => asset.asset === 'USDT')?.networks).toEqual([
      { network: 'ERC20', confirmations: 12 },
      { network: 'BEP20', confirmations: 15 },
      { network: 'TRC20', confirmations: 19 },
    ]);
  });

  it("gives a company one valid address per network, shared by the network's coins, with its QR code", async () => {
    const { session } = await approvedCompany();
    for (const [asset, network] of [
      ['USDT', 'TRC20'],
      ['USDC', 'ERC20'],
      ['USDT', 'BEP20'],
      ['BTC', 'BTC'],
      ['ETH', 'ETH'],
    ] as const) {
      const answer = await details(session, { asset, network });
      expect(answer.code, `${asset} ${network}`).toBe(200);
      expect(isValidAddress(network, answer.data.address), answer.data.address).toBe(true);
      expect(answer.data.qr_svg).toMatch(/^<svg/);
    }
    const usdt = await details(session, { asset: 'USDT', network: 'ERC20' });
    const usdc = await details(session, { asset: 'USDC', network: 'ERC20' });
    expect(usdt.data.address).toBe(usdc.data.address);
    expect((await details(session, { asset: 'USDT', network: 'TRC20' })).data.confirmations).toBe(19);
  });

  it('keeps one address when two first asks race, and never gives another company the same', async () => {
    const first = await approvedCompany();
    const second = await approvedCompany();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => details(first.session, { asset: 'USDC', network: 'BEP20' })),
    );
    expect(new Set(answers.map((answer) => answer.data.address)).size).toBe(1);
    const other = await details(second.session, { asset: 'USDC', network: 'BEP20' });
    expect(other.data.address).not.toBe(answers[0]?.data.address);
  });

  it('refuses a network the asset does not travel on, and an unknown asset', async () => {
    const { session } = await approvedCompany();
    const wrong = await details(session, { asset: 'BTC', network: 'TRC20' });
    expect(wrong.code).toBe(9422);
    expect(wrong.msg).toBeTruthy();
    expect((wrong.data as unknown as { fields: Record<string, string> }).fields.network).toBe(
      'This asset does not travel on this network',
    );
    expect((await details(session, { asset: 'DOGE', network: 'BTC' })).code).toBe(9422);
  });

  it('is closed until KYC is approved', async () => {
    const session = await signIn(test, await registerUser(test));
    expect((await details(session, { asset: 'USDT', network: 'TRC20' })).code).toBe(9451);
  });
});

describe('incoming coins (custody simulator)', () => {
  const staff = () => depositOperator(test);

  it('shows a deposit in process while the network confirms it, then credits it once, through the ledger', async () => {
    const client = await approvedCompany();
    const operator = await staff();
    const address = (await details(client.session, { asset: 'USDT', network: 'TRC20' })).data.address;
    const sent = await call<Deposit>(
      test,
      '/api/v1/admin/simulator/incomingDeposit',
      { address, asset: 'USDT', network: 'TRC20', amount: '2500.5' },
      { session: operator },
    );
    expect(sent.data).toMatchObject({ status: 'in_process', confirmations: 0, confirmations_required: 19 });

    const blocks = (count: number) =>
      call<{ credited: number }>(test, '/api/v1/admin/simulator/blocks', { blocks: count }, { session: operator });
    expect((await blocks(10)).data.credited).toBe(0);
    const record = await call<{ items: Deposit[] }>(test, '/api/v1/deposit/record', {}, { session: client.session });
    expect(record.data.items[0]).toMatchObject({ status: 'in_process', confirmations: 10, amount: '2500.5' });
    let home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session: client.session });
    expect(home.data.balances.find((line) => line.asset === 'USDT')?.balance).toBe('0');

    expect((await blocks(10)).data.credited).toBeGreaterThanOrEqual(1);
    expect((await blocks(10)).data.credited).toBe(0);
    const done = await call<{ items: Deposit[] }>(test, '/api/v1/deposit/record', {}, { session: client.session });
    expect(done.data.items[0]).toMatchObject({ status: 'success', confirmations: 19 });
    home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session: client.session });
    expect(home.data.balances.find((line) => line.asset === 'USDT')?.balance).toBe('2500.5');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it("never shows a company another company's deposits, and refuses an address the bank does not know", async () => {
    const first = await approvedCompany();
    const second = await approvedCompany();
    const operator = await staff();
    const address = (await details(first.session, { asset: 'BTC', network: 'BTC' })).data.address;
    await call(
      test,
      '/api/v1/admin/simulator/incomingDeposit',
      { address, asset: 'BTC', network: 'BTC', amount: '0.25' },
      { session: operator },
    );
    const other = await call<{ items: Deposit[] }>(test, '/api/v1/deposit/record', {}, { session: second.session });
    expect(other.data.items).toEqual([]);
    const unknown = await call(
      test,
      '/api/v1/admin/simulator/incomingDeposit',
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', asset: 'USDT', network: 'TRC20', amount: '1' },
      { session: operator },
    );
    expect(unknown.code).toBe(9404);
    // A client cannot drive the simulator.
    const refused = await call(test, '/api/v1/admin/simulator/blocks', { blocks: 1 }, { session: first.session });
    expect(refused.code).toBe(9403);
  });
});

describe('the minimum first deposit, coins and fiat alike', () => {
  const send = async (client: Awaited<ReturnType<typeof approvedCompany>>, amount: string) => {
    const operator = await depositOperator(test);
    const address = (await details(client.session, { asset: 'USDT', network: 'TRC20' })).data.address;
    const sent = await call<Deposit>(
      test,
      '/api/v1/admin/simulator/incomingDeposit',
      { address, asset: 'USDT', network: 'TRC20', amount },
      { session: operator },
    );
    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 19 }, { session: operator });
    return { operator, depositId: sent.data.deposit_id };
  };
  const statusOf = async (client: Awaited<ReturnType<typeof approvedCompany>>, depositId: string) => {
    const record = await call<{ items: Deposit[] }>(test, '/api/v1/deposit/record', {}, { session: client.session });
    return record.data.items.find((item) => item.deposit_id === depositId)?.status;
  };
  const usdtBalance = async (client: Awaited<ReturnType<typeof approvedCompany>>) =>
    (await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, client)).data.balances.find(
      (line) => line.asset === 'USDT',
    )?.balance;
  const fiatNotice = (client: Awaited<ReturnType<typeof approvedCompany>>, amount: string) =>
    call(
      test,
      '/api/v1/deposit/submit',
      { currency: 'USD', target: 'USDC', expected_date: test.clock.now().toISOString().slice(0, 10), amount },
      { session: client.session, headers: { 'idempotency-key': `first-deposit-${client.companyId}-${amount}` } },
    );

  it('holds a tiny first coin deposit for the back office, so that it cannot lift the minimum for fiat', async () => {
    const client = await approvedCompany();
    const { operator, depositId } = await send(client, '5');
    expect(await statusOf(client, depositId)).toBe('admin_review');
    expect(await usdtBalance(client)).toBe('0');
    // The bypass: had the 5 USDT been credited, a 300 USD first fiat notice would now pass.
    const notice = await fiatNotice(client, '300');
    expect(notice.code).toBe(9422);
    const held = await call<{ items: Deposit[] }>(test, '/api/v1/admin/deposits/inFlight', {}, { session: operator });
    expect(held.data.items.find((item) => item.deposit_id === depositId)?.status).toBe('admin_review');

    // Staff credit it, saying why; a client cannot.
    const decision = { deposit_id: depositId, reason: 'Test transfer agreed with the client' };
    expect((await call(test, '/api/v1/admin/deposits/creditCoins', decision, client)).code).toBe(9403);
    expect(
      (await call(test, '/api/v1/admin/deposits/creditCoins', { deposit_id: depositId }, { session: operator })).code,
    ).toBe(9422);
    const credited = await call<Deposit>(test, '/api/v1/admin/deposits/creditCoins', decision, { session: operator });
    expect(credited.data).toMatchObject({ status: 'success', amount: '5' });
    expect(await usdtBalance(client)).toBe('5');
    expect((await call(test, '/api/v1/admin/deposits/creditCoins', decision, { session: operator })).code).toBe(9409);
    // Once a first deposit is in, later small coins are credited as they confirm.
    const later = await send(client, '3');
    expect(await statusOf(client, later.depositId)).toBe('success');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('credits a first coin deposit at the minimum at once, and returns a held one without crediting it', async () => {
    const returnedClient = await approvedCompany();
    const { operator, depositId } = await send(returnedClient, '999.99');
    expect(await statusOf(returnedClient, depositId)).toBe('admin_review');
    const returned = await call<Deposit>(
      test,
      '/api/v1/admin/deposits/returnCoins',
      { deposit_id: depositId, reason: 'Below the minimum: sent back' },
      { session: operator },
    );
    expect(returned.data.status).toBe('rejected');
    expect(await usdtBalance(returnedClient)).toBe('0');

    const client = await approvedCompany();
    const enough = await send(client, '1000');
    expect(await statusOf(client, enough.depositId)).toBe('success');
    expect(await usdtBalance(client)).toBe('1000');
  });
});

describe('bank details for fiat transfers', () => {
  it("gives each currency's receiving account and one reference per company, unique, unambiguous", async () => {
    const first = await approvedCompany();
    const second = await approvedCompany();
    const usd = await call<BankDetails>(
      test,
      '/api/v1/deposit/bankDetails',
      { currency: 'USD' },
      { session: first.session },
    );
    expect(usd.code).toBe(200);
    expect(usd.data.lines.map((line) => line.field)).toContain('routing_number');
    expect(usd.data.reference).toMatch(/^CB[0-9A-HJKMNP-TV-Z]{8}$/);
    const gbp = await call<BankDetails>(
      test,
      '/api/v1/deposit/bankDetails',
      { currency: 'GBP' },
      { session: first.session },
    );
    expect(gbp.data.reference).toBe(usd.data.reference);
    expect(gbp.data.lines.find((line) => line.field === 'iban')?.value).toBe('GB33BUKB20201555555555');
    const other = await call<BankDetails>(
      test,
      '/api/v1/deposit/bankDetails',
      { currency: 'USD' },
      { session: second.session },
    );
    expect(other.data.reference).not.toBe(usd.data.reference);
    const unknown = await call(test, '/api/v1/deposit/bankDetails', { currency: 'JPY' }, { session: first.session });
    expect(unknown.code).toBe(9422);
  });
});
