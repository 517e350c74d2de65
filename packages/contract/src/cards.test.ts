/**
 * The transition table against SPEC.md section 4, over every combination of a card's facts (state,
 * stage, block kind, final or not, replacement status), every action and every actor: each rule of
 * SPEC.md holds wherever it applies, every answer is null or a catalogue error, and for the cards a
 * client meets, the whole table is written out as expected.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedCardActions,
  blockTypeOfActor,
  type CardAction,
  type CardActor,
  type CardRuleFacts,
  cardActionRefusal,
  cardActions,
  cardActors,
  cardFeeRules,
} from './cards.ts';
import { errorCatalogue } from './errors.ts';
import { cardBlockTypes, cardOperationStages, cardReplacementStatuses, cardStatuses } from './states.ts';

function* everyCard(): Generator<CardRuleFacts> {
  for (const status of cardStatuses)
    for (const operation_stage of cardOperationStages)
      for (const block_type of [null, ...cardBlockTypes])
        for (const block_is_final of [false, true])
          for (const replacement_status of cardReplacementStatuses)
            for (const replacement_fee_owed of [false, true])
              for (const fee_rule of cardFeeRules)
                yield {
                  status,
                  operation_stage,
                  block_type,
                  block_is_final,
                  replacement_status,
                  replacement_fee_owed,
                  fee_rule,
                };
}

function* everyCase(): Generator<{
  card: CardRuleFacts;
  action: CardAction;
  actor: CardActor;
  refusal: string | null;
}> {
  for (const card of everyCard())
    for (const action of cardActions)
      for (const actor of cardActors) yield { card, action, actor, refusal: cardActionRefusal(card, action, actor) };
}

const clients: readonly CardActor[] = ['holder', 'client_admin'];
const isClient = (actor: CardActor) => clients.includes(actor);

describe('the card transition table over every combination of facts, actions and actors', () => {
  it('answers null or an error of the catalogue', () => {
    let count = 0;
    const catalogued = new Set<string>(Object.keys(errorCatalogue));
    const strays = new Set<string>();
    for (const { refusal } of everyCase()) {
      count += 1;
      if (refusal !== null && !catalogued.has(refusal)) strays.add(refusal);
    }
    expect([...strays]).toEqual([]);
    expect(count).toBe(
      cardStatuses.length *
        cardOperationStages.length *
        (cardBlockTypes.length + 1) *
        2 *
        cardReplacementStatuses.length *
        2 *
        cardFeeRules.length *
        cardActions.length *
        cardActors.length,
    );
  });

  it('an admin-blocked card cannot be unblocked by the user, and refuses the client every action with that message', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (card.status !== 'blocked' || card.block_type !== 'admin' || !isClient(actor)) continue;
      if (action === 'expire') continue; // the schedule's, refused to anyone else as forbidden
      expect({ action, actor, refusal }).toEqual({ action, actor, refusal: 'card_blocked_by_admin' });
    }
  });

  it('a card with a replacement requested or pending cannot be unblocked', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'unblock' || card.replacement_status !== 'pending_replacement') continue;
      expect(refusal).not.toBeNull();
      if (card.status === 'blocked' && actor !== 'system' && (card.block_type !== 'admin' || actor === 'staff'))
        expect(refusal).toBe('card_pending_replacement');
    }
  });

  it('a lost, stolen or damaged block cannot be reversed, by anyone', () => {
    for (const { card, action, refusal } of everyCase()) {
      if (action !== 'unblock' || !card.block_is_final) continue;
      expect(refusal).not.toBeNull();
    }
  });

  it('blocking as lost or damaged starts from a working card, or over a temporary block, never twice', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'block_lost_stolen' && action !== 'block_damaged') continue;
      const isAllowed =
        actor !== 'system' &&
        card.operation_stage !== 'cancelling' &&
        (card.status === 'active' ||
          (card.status === 'blocked' && !card.block_is_final && (card.block_type !== 'admin' || actor === 'staff')));
      expect({ card, actor, allowed: refusal === null }).toEqual({ card, actor, allowed: isAllowed });
    }
  });

  it('a card ends (expires) only by the schedule, and only while it lives', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'expire') continue;
      if (actor !== 'system') expect(refusal).toBe('forbidden');
      else
        expect(refusal === null).toBe(
          ['approved', 'active', 'blocked'].includes(card.status) && card.operation_stage !== 'cancelling',
        );
    }
  });

  it('a renewal is refused once the card ended, and to staff, who do not pay a company’s fees', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'renew') continue;
      if (actor === 'staff') expect(refusal).toBe('forbidden');
      if (!['active', 'blocked'].includes(card.status)) expect(refusal).not.toBeNull();
      if (card.status === 'blocked' && card.block_is_final) expect(refusal).not.toBeNull();
    }
  });

  it('a programme card (membership fee rule) is never renewed: its membership fee replaces the annual fee', () => {
    for (const { card, action, refusal } of everyCase())
      if (action === 'renew' && card.fee_rule === 'membership') expect(refusal).not.toBeNull();
  });

  it('a card that is not yet issued, refused or ended allows nothing but what is already refused', () => {
    for (const { card, refusal } of everyCase())
      if (['rejected', 'expired', 'cancelled'].includes(card.status)) expect(refusal).not.toBeNull();
  });

  it('a card is cancelled only by its company’s administrator, while it lives, never over the bank’s block', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'cancel') continue;
      const isBankBlock = card.status === 'blocked' && card.block_type === 'admin';
      if (isBankBlock && isClient(actor)) expect(refusal).toBe('card_blocked_by_admin');
      else if (actor !== 'client_admin') expect(refusal).toBe('forbidden');
      else if (!['approved', 'active', 'blocked'].includes(card.status)) expect(refusal).toBe('status_error');
    }
  });

  it('a PIN is reset only on an active card; otherwise "Password reset is not supported in the current state"', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'set_pin' || actor === 'staff' || actor === 'system') continue;
      if (card.status === 'blocked' && card.block_type === 'admin') continue;
      if (card.status === 'active') continue;
      if (card.status === 'blocked') continue;
      expect({ card, refusal }).toEqual({ card, refusal: 'password_reset_unsupported' });
    }
  });

  it('a card the processor is cancelling allows nothing', () => {
    for (const { card, refusal } of everyCase())
      if (card.operation_stage === 'cancelling') expect(refusal).not.toBeNull();
  });

  it('staff never activate, set a PIN or top up a card; the schedule only renews (auto renewal) and expires', () => {
    for (const { action, actor, refusal } of everyCase()) {
      if (actor === 'staff' && ['activate', 'set_pin', 'top_up'].includes(action)) expect(refusal).toBe('forbidden');
      if (actor === 'system' && action !== 'expire' && action !== 'renew') expect(refusal).not.toBeNull();
      if (actor === 'staff' && action === 'cancel') expect(refusal).toBe('forbidden');
    }
  });

  it('the company’s block is lifted by its administrator or staff, a holder’s by either of them too', () => {
    for (const { card, action, actor, refusal } of everyCase()) {
      if (action !== 'unblock' || card.status !== 'blocked' || card.block_is_final) continue;
      if (card.replacement_status === 'pending_replacement' || actor === 'system') continue;
      if (card.operation_stage === 'cancelling') continue;
      const mayLift =
        card.block_type === 'admin' ? actor === 'staff' : card.block_type === 'client' ? actor !== 'holder' : true;
      expect({ card, actor, allowed: refusal === null }).toEqual({ card, actor, allowed: mayLift });
    }
  });

  it('the mailing address cannot change while the card is at the printer or in the post', () => {
    for (const { card, action, refusal } of everyCase())
      if (action === 'change_mailing_address' && ['printing', 'mailed'].includes(card.operation_stage))
        expect(refusal).not.toBeNull();
  });

  it('offers exactly the actions the table allows', () => {
    for (const card of everyCard())
      for (const actor of cardActors)
        expect(allowedCardActions(card, actor)).toEqual(
          cardActions.filter((action) => cardActionRefusal(card, action, actor) === null),
        );
  });

  it('records a temporary block by who blocked: client, admin or user', () => {
    expect(blockTypeOfActor('client_admin')).toBe('client');
    expect(blockTypeOfActor('staff')).toBe('admin');
    expect(blockTypeOfActor('holder')).toBe('user');
  });
});

describe('the table as a client and staff meet it', () => {
  const base: CardRuleFacts = {
    status: 'active',
    operation_stage: 'activated',
    block_type: null,
    block_is_final: false,
    replacement_status: 'not_replaced',
    replacement_fee_owed: false,
    fee_rule: 'annual',
  };
  const cases: Record<string, CardRuleFacts> = {
    awaiting: { ...base, status: 'approved', operation_stage: 'awaiting_activation' },
    in_the_post: { ...base, status: 'approved', operation_stage: 'mailed' },
    active: base,
    programme_active: { ...base, fee_rule: 'membership' },
    replacing: { ...base, replacement_status: 'pending_replacement' },
    blocked_by_user: { ...base, status: 'blocked', block_type: 'user' },
    blocked_by_client: { ...base, status: 'blocked', block_type: 'client' },
    blocked_by_admin: { ...base, status: 'blocked', block_type: 'admin' },
    lost: {
      ...base,
      status: 'blocked',
      operation_stage: 'card_anomaly',
      block_type: 'client',
      block_is_final: true,
      replacement_status: 'pending_replacement',
    },
    lost_fee_owed: {
      ...base,
      status: 'blocked',
      operation_stage: 'card_anomaly',
      block_type: 'user',
      block_is_final: true,
      replacement_status: 'pending_replacement',
      replacement_fee_owed: true,
    },
    expired: { ...base, status: 'expired', operation_stage: 'cancelled' },
    cancelling: { ...base, operation_stage: 'cancelling' },
    cancelled: { ...base, status: 'cancelled', operation_stage: 'cancelled' },
    refused: { ...base, status: 'rejected', operation_stage: 'replacement_refused' },
  };
  const temporaryBlocks: CardAction[] = ['block', 'block_lost_stolen', 'block_damaged'];
  const expected: Record<string, Record<CardActor, CardAction[]>> = {
    awaiting: {
      holder: ['activate'],
      client_admin: ['activate', 'change_mailing_address', 'cancel'],
      staff: ['change_mailing_address'],
      system: ['expire'],
    },
    in_the_post: { holder: [], client_admin: ['cancel'], staff: [], system: ['expire'] },
    active: {
      holder: ['set_pin', ...temporaryBlocks],
      client_admin: ['set_pin', ...temporaryBlocks, 'replace', 'top_up', 'renew', 'change_mailing_address', 'cancel'],
      staff: [...temporaryBlocks, 'replace', 'change_mailing_address'],
      system: ['renew', 'expire'],
    },
    programme_active: {
      holder: ['set_pin', ...temporaryBlocks],
      client_admin: ['set_pin', ...temporaryBlocks, 'replace', 'top_up', 'change_mailing_address', 'cancel'],
      staff: [...temporaryBlocks, 'replace', 'change_mailing_address'],
      system: ['expire'],
    },
    replacing: {
      holder: ['set_pin', ...temporaryBlocks],
      client_admin: ['set_pin', ...temporaryBlocks, 'top_up', 'renew', 'change_mailing_address'],
      staff: [...temporaryBlocks, 'change_mailing_address'],
      system: ['renew', 'expire'],
    },
    blocked_by_user: {
      holder: ['block_lost_stolen', 'block_damaged', 'unblock'],
      client_admin: ['block_lost_stolen', 'block_damaged', 'unblock', 'renew', 'change_mailing_address', 'cancel'],
      staff: [...temporaryBlocks, 'unblock', 'change_mailing_address'],
      system: ['renew', 'expire'],
    },
    blocked_by_client: {
      holder: ['block_lost_stolen', 'block_damaged'],
      client_admin: ['block_lost_stolen', 'block_damaged', 'unblock', 'renew', 'change_mailing_address', 'cancel'],
      staff: [...temporaryBlocks, 'unblock', 'change_mailing_address'],
      system: ['renew', 'expire'],
    },
    blocked_by_admin: {
      holder: [],
      client_admin: [],
      staff: ['block_lost_stolen', 'block_damaged', 'unblock', 'change_mailing_address'],
      system: ['renew', 'expire'],
    },
    lost: { holder: [], client_admin: [], staff: [], system: ['expire'] },
    lost_fee_owed: {
      holder: [],
      client_admin: ['pay_replacement_fee'],
      staff: [],
      system: ['expire'],
    },
    expired: { holder: [], client_admin: [], staff: [], system: [] },
    cancelling: { holder: [], client_admin: [], staff: [], system: [] },
    cancelled: { holder: [], client_admin: [], staff: [], system: [] },
    refused: { holder: [], client_admin: [], staff: [], system: [] },
  };

  for (const [name, card] of Object.entries(cases))
    for (const actor of cardActors)
      it(`${name}, for ${actor}`, () => {
        expect(allowedCardActions(card, actor)).toEqual(
          cardActions.filter((action) => expected[name]?.[actor].includes(action)),
        );
      });

  it('names the refusals a client reads', () => {
    expect(cardActionRefusal(cases.blocked_by_admin as CardRuleFacts, 'unblock', 'holder')).toBe(
      'card_blocked_by_admin',
    );
    expect(cardActionRefusal(cases.lost as CardRuleFacts, 'unblock', 'client_admin')).toBe('card_pending_replacement');
    expect(cardActionRefusal(cases.replacing as CardRuleFacts, 'replace', 'client_admin')).toBe(
      'card_pending_replacement',
    );
    // The company's actions are not a holder's: top-up, replacement, renewal, the mailing address.
    for (const action of ['top_up', 'replace', 'renew', 'change_mailing_address'] as const)
      expect(cardActionRefusal(cases.active as CardRuleFacts, action, 'holder')).toBe('forbidden');
    expect(cardActionRefusal(cases.active as CardRuleFacts, 'activate', 'holder')).toBe('status_error');
    expect(cardActionRefusal(cases.awaiting as CardRuleFacts, 'activate', 'staff')).toBe('forbidden');
  });
});
