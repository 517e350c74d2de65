/**
 * The word for a value of the contract on screen (a state, a transaction type, a step, a ledger
 * movement), from the one table the exports and messages use too (@bank/i18n labels.ts).
 */
import { type LabelledSet, type LabelledValue, labelKeyOf } from '@bank/i18n/labels';
import { useTranslation } from 'react-i18next';

export function useLabel<Set extends LabelledSet>(set: Set): (value: LabelledValue<Set> | (string & {})) => string {
  const { t } = useTranslation();
  return (value) => t(labelKeyOf(set, value) as never);
}
