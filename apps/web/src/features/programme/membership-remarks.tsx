/**
 * A membership term's remarks as the company and the programme desk read them: a code the schedule
 * wrote (programme-cards.ts `membershipRemarks`), worded in the user's language, or the reason staff
 * gave for a waiver as they wrote it.
 */
import { membershipRemarks } from '@bank/contract/programme-cards';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const isRemarkCode = (remarks: string): remarks is (typeof membershipRemarks)[number] =>
  (membershipRemarks as readonly string[]).includes(remarks);

export function MembershipRemarks({ remarks }: { remarks: string }) {
  const { t } = useTranslation();
  if (!remarks) return <Text size="sm">—</Text>;
  return (
    <Text size="xs" c="dimmed" maw={220}>
      {isRemarkCode(remarks) ? t(`programme.fees.remarks.${remarks}`) : remarks}
    </Text>
  );
}
