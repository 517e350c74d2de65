/**
 * What a caller meets when the card processor fails (DECISIONS.md "Cards"; SPEC.md section 8), in
 * one place for every call: no answer is `submission_failed` ("Submission failed. We will contact
 * you shortly."), a malformed answer `data_error` ("Data error."). By the time this runs the call's
 * transaction has rolled back, so nothing is held or half written (a card application's draft is
 * still there). The failure is then recorded in a transaction of its own: an audit entry, and, when
 * a company's user was acting, the `card.processor_failed` event, whose consumer tells the bank's
 * card staff whom to contact about what. Staff acting in the back office read what happened instead.
 */
import {
  submitCardApplication,
  updateAccountInfo,
  updateAddressKyc,
  updateIdKyc,
  updateMemberInfo,
  verifyCardUsername,
} from '@bank/contract/card-applications';
import {
  activateCard,
  blockCard,
  cancelCard,
  changeMailingAddress,
  payReplacementFee,
  renewCard,
  replaceCard,
  setCardPin,
  unblockCard,
} from '@bank/contract/card-management';
import { submitTopUp } from '@bank/contract/card-money';
import type { CardProcessorAction } from '@bank/contract/cards';
import { bindProgrammeCard, unbindProgrammeCard } from '@bank/contract/programme-cards';
import { isCardProcessorFailure } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { AppDatabase } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import type { FailureAnswer } from '../../../platform/route.ts';

/**
 * What each client call that asks the processor while its caller waits is doing, as the staff's
 * message names it. Every call whose contract lists `submission_failed` is here or is a staff call
 * (processor-failures.test.ts checks it).
 */
export const processorActionOfCall: Readonly<Record<string, CardProcessorAction>> = {
  [verifyCardUsername.path]: 'username_check',
  [submitCardApplication.path]: 'card_application',
  [updateIdKyc.path]: 'cardholder_update',
  [updateAddressKyc.path]: 'cardholder_update',
  [updateAccountInfo.path]: 'cardholder_update',
  [updateMemberInfo.path]: 'cardholder_update',
  [activateCard.path]: 'activation',
  [setCardPin.path]: 'set_pin',
  [blockCard.path]: 'block',
  [unblockCard.path]: 'unblock',
  [replaceCard.path]: 'replacement',
  [payReplacementFee.path]: 'replacement',
  [changeMailingAddress.path]: 'mailing_address',
  [cancelCard.path]: 'cancellation',
  [renewCard.path]: 'renewal',
  [submitTopUp.path]: 'top_up',
  [bindProgrammeCard.path]: 'programme_binding',
  [unbindProgrammeCard.path]: 'programme_unbinding',
};

const errorOfFault = { unavailable: 'submission_failed', malformed: 'data_error' } as const;
/** Staff are the bank: "we will contact you" is not for them; they read what happened. */
const staffMessageOfFault = {
  unavailable: 'errors.processor_unavailable_staff',
  malformed: 'errors.processor_malformed_staff',
} as const;

export function processorFailureAnswer(db: AppDatabase): FailureAnswer {
  return async (error, call, context) => {
    if (!isCardProcessorFailure(error)) return undefined;
    const { fault } = error;
    const session = context.optionalSession;
    const action = processorActionOfCall[call.path] ?? null;
    const companyId = session && !session.is_staff ? session.company_id : null;
    context.log.warn({ call: call.path, fault, detail: error.message }, 'card processor failed');
    await db.transaction(async (tx) => {
      await writeAudit(tx, {
        action: 'card.processor_failed',
        at: context.now,
        actorUserId: session?.user_id ?? null,
        companyId,
        ip: context.ip,
        detail: { call: call.path, action, fault },
      });
      if (companyId && session && action)
        await recordEvent(
          tx,
          'card.processor_failed',
          { company_id: companyId, user_id: session.user_id, action, fault, at: context.now.toISOString() },
          { companyId },
        );
    });
    return new AppError(errorOfFault[fault], {
      detail: `${call.path}: ${error.message}`,
      ...(session?.is_staff ? { messageKey: staffMessageOfFault[fault] } : {}),
    });
  };
}
