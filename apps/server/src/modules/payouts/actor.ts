/** Who acts on a company's payouts: a signed-in company user, with what the session holds. */
import type { Language } from '@bank/contract/constants';
import type { SessionContext } from '../../platform/session.ts';

export type PayoutActor = {
  userId: string;
  companyId: string;
  session: SessionContext;
  ip: string;
  now: Date;
  language: Language;
};
