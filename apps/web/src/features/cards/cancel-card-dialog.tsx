/**
 * Cancelling a card for good (card/cancel): offered when the card's `allowed_actions` hold `cancel`
 * (the company's administrator), with what it does said first, an explicit confirmation and a fresh
 * second factor. The card shows "cancelling" until the processor confirms; then its balance returns.
 */
import { cancelCard } from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user-info.ts';
import { fieldError, useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { refreshCardData } from './card-parts.tsx';

type CancelValues = { is_confirmed: boolean };

function CancelCardForm({ card, onDone }: { card: Card; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('card');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: cancelCard,
    initialValues: { is_confirmed: false } as CancelValues,
    toRequest: () => ({ card_id: card.id }),
    validateAlso: (values: CancelValues) =>
      values.is_confirmed ? {} : { is_confirmed: fieldError({ key: 'validation.required' }) },
    ...stepUpOptions,
    onSuccess: async () => {
      showSuccess(t('cards.cancel_card.done', { last4: card.last4 }));
      onDone();
      await refreshCardData(queryClient);
    },
  });
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('cards.cancel_card.warning_title')}
          >
            <Text size="sm" c="var(--mantine-color-text)">
              {t('cards.cancel_card.description')}
            </Text>
          </Alert>
          <Text size="sm" c="dimmed">
            {t('cards.cancel_card.second_factor')}
          </Text>
          <Checkbox
            id="card-cancel-confirm"
            label={t('cards.cancel_card.confirm')}
            {...form.getInputProps('is_confirmed', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onDone} disabled={isSubmitting} data-autofocus>
              {t('cards.cancel_card.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} color="red">
              {t('cards.cancel_card.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {user ? stepUpDialog(user, submit) : null}
    </>
  );
}

/** The Cancel card button and its dialog; nothing when the card may not be cancelled by the caller. */
export function CancelCardButton({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  if (!card.allowed_actions.includes('cancel')) return null;
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconCircleX size={16} aria-hidden />}
        onClick={() => setIsOpen(true)}
      >
        {t('cards.actions.cancel')}
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('cards.cancel_card.title', { last4: card.last4 })}
      >
        {isOpen ? <CancelCardForm card={card} onDone={() => setIsOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
