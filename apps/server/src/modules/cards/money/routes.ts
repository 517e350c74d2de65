/**
 * The calls of card money: the company's cards for the money screens, top-up configuration, quote,
 * submission, records and download, a card's transactions, their download and the card statement,
 * and the back office's simulator controls (outside production). Each names its step in
 * service.ts or simulator-controls.ts.
 */
import {
  calcTopUp,
  downloadCardStatement,
  downloadCardTransactions,
  downloadTopUps,
  getSimulatorCardMoney,
  getSimulatorProcessorFault,
  getTopUpConfig,
  listCardTransactions,
  listTopUps,
  setSimulatorProcessorFault,
  simulateCardFee,
  simulateCardLoads,
  simulateCardPurchase,
  simulateCardSettlement,
  submitTopUp,
} from '@bank/contract/card-money';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import type { CardsContext } from '../context.ts';
import * as money from './service.ts';
import * as simulatorControls from './simulator-controls.ts';

export function registerMoneyCalls(app: FastifyInstance, cards: CardsContext): void {
  // Top-ups
  registerCall(app, getTopUpConfig, (body, call) => money.topUpConfig(cards, body, call));
  registerCall(app, calcTopUp, (body, call) => money.checkTopUp(cards, body, call));
  registerCall(app, submitTopUp, (body, call) => money.submitTopUp(cards, body, call));
  registerCall(app, listTopUps, (body, call) => money.listTopUps(cards, body, call));
  registerCall(app, downloadTopUps, (body, call) => money.downloadTopUps(cards, body, call));

  // Card transactions and the statement
  registerCall(app, listCardTransactions, (body, call) => money.listCardTransactions(cards, body, call));
  registerCall(app, downloadCardTransactions, (body, call) => money.downloadCardTransactions(cards, body, call));
  registerCall(app, downloadCardStatement, (body, call) => money.downloadCardStatement(cards, body, call));

  // The back office's simulator controls
  registerCall(app, getSimulatorCardMoney, (body, call) => simulatorControls.cardMoney(cards, body, call));
  registerCall(app, simulateCardPurchase, (body, call) => simulatorControls.purchase(cards, body, call));
  registerCall(app, simulateCardSettlement, (body, call) => simulatorControls.settle(cards, body, call));
  registerCall(app, simulateCardFee, (body, call) => simulatorControls.chargeFee(cards, body, call));
  registerCall(app, simulateCardLoads, (body, call) => simulatorControls.loads(cards, body, call));
  registerCall(app, getSimulatorProcessorFault, () => simulatorControls.fault(cards));
  registerCall(app, setSimulatorProcessorFault, (body, call) => simulatorControls.setFault(cards, body, call));
}
