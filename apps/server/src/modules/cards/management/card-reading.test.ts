import type { CardDetails } from '@bank/contract/card-management';
import type { CardTransaction } from '@bank/contract/card-money';
import type { Card } from '@bank/contract/cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { ensureRates } from '../../ledger/index.ts';
import type { CardEventKind } from '../tables.ts';
import { activatedCard } from '../test-support.ts';
import { recordCardEvent } from '../timeline.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

type Page<T> = { items: T[]; next_cursor: string | null };

describe('a card as its screens read it', () => {
  it('tells its timeline oldest first, lines of one instant in the order they were written', async () => {
    const active = await activatedCard(test);
    const { card, client } = active;
    // One change writes several lines at the same instant; their ids are random within it.
    const instant = new Date(test.clock.now().getTime() + 60_000);
    const sameInstant: CardEventKind[] = [
      'blocked',
      'replacement_requested',
      'mailing_address_changed',
      'unblocked',
      'pin_set',
      'auto_renewal_changed',
    ];
    for (const kind of sameInstant)
      await recordCardEvent(
        test.database.db,
        { cardId: card.id, companyId: card.company_id, kind, operationStage: 'activated' },
        instant,
      );
    // Written last, happened first: a processor notice about an earlier moment.
    const earlier = new Date(instant.getTime() - 30_000);
    await recordCardEvent(
      test.database.db,
      { cardId: card.id, companyId: card.company_id, kind: 'top_up', operationStage: 'activated' },
      earlier,
    );

    const details = await call<CardDetails>(
      test,
      '/api/v1/card/get',
      { card_id: card.id },
      { session: client.session },
    );
    expect(details.code).toBe(200);
    const lines = details.data.timeline;
    const times = lines.map((line) => Date.parse(line.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(lines.slice(-(sameInstant.length + 1)).map((line) => line.kind)).toEqual(['top_up', ...sameInstant]);
    expect(lines[0]?.kind).toBe('ordered');

    // Read again, the same order.
    const again = await call<CardDetails>(test, '/api/v1/card/get', { card_id: card.id }, { session: client.session });
    expect(again.data.timeline.map((line) => line.id)).toEqual(lines.map((line) => line.id));
  });

  it('says when each card’s latest transaction happened, and null for a card without one', async () => {
    const staff = await depositOperator(test);
    const first = await activatedCard(test);
    const listOf = async () =>
      (await call<Page<Card>>(test, '/api/v1/card/refreshData', { page_size: 20 }, { session: first.client.session }))
        .data.items;
    expect((await listOf()).map((card) => card.last_transaction_at)).toEqual([null]);

    test.clock.advance(60);
    // A purchase the empty card cannot pay is declined: still a transaction of the card.
    const declined = await call<CardTransaction>(
      test,
      '/api/v1/admin/simulator/cardPurchase',
      { card_id: first.card.id, amount: '25.00', merchant_name: 'Corner Coffee' },
      { session: staff },
    );
    expect(declined.code, declined.msg).toBe(200);
    const [listed] = await listOf();
    expect(listed?.last_transaction_at).toBe(declined.data.at);
    const details = await call<Card>(
      test,
      '/api/v1/card/get',
      { card_id: first.card.id },
      { session: first.client.session },
    );
    expect(details.data.last_transaction_at).toBe(declined.data.at);
  });
});
