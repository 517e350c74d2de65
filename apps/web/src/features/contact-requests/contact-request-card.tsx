/**
 * "Contact my relationship manager" on a product page: the product is the page's, the user picks a
 * contact method and writes a short message (a preferred time is optional); the request lands in the
 * queue of the company's relationship manager. Below the form, the user's requests about this
 * product with their status.
 */
import { workingDays } from '@bank/contract/constants';
import {
  type BankingProduct,
  type ContactMethod,
  contactMethods,
  listContactRequests,
  requestContact,
} from '@bank/contract/contact-requests';
import { Button, Card, Divider, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { RequestStatusBadge } from '../../ui/request-status-badge.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { requestsOf } from './product-page-data.ts';

function ProductRequests({ product }: { product: BankingProduct }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const requests = useScreenQuery(listContactRequests, requestsOf(product));
  if (requests.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={14} width="70%" radius="sm" />
        <Skeleton height={14} width="50%" radius="sm" />
      </Stack>
    );
  if (requests.isError) return null;
  if (requests.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('contact_requests.contact.none')}
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {requests.data.items.map((request) => (
        <li key={request.request_id}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {request.message}
              </Text>
              <Text size="xs" c="dimmed" className="tabular-figures">
                {request.handled_at
                  ? t('contact_requests.contact.handled_on', { date: formatDateTime(request.handled_at, language) })
                  : t('contact_requests.contact.sent_on', { date: formatDateTime(request.submitted_at, language) })}
              </Text>
            </Stack>
            <RequestStatusBadge
              isOpen={request.status === 'open'}
              label={t(`contact_requests.statuses.${request.status}`)}
            />
          </Group>
        </li>
      ))}
    </Stack>
  );
}

export function ContactRequestCard({ product }: { product: BankingProduct }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: requestContact,
    initialValues: { contact_method: 'phone' as ContactMethod, message: '', preferred_time: '' },
    toRequest: ({ preferred_time, ...values }) => ({
      product,
      ...values,
      ...(preferred_time.trim() ? { preferred_time } : {}),
    }),
    onSuccess: async () => {
      showSuccess(t('contact_requests.contact.sent'));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: [listContactRequests.path] });
    },
  });
  return (
    <Card component="section" aria-labelledby="contact-title" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="contact-title">
            {t('contact_requests.contact.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('contact_requests.contact.text', {
              product: t(`contact_requests.names.${product}`),
              days: workingDays.relationshipManagerReply,
            })}
          </Text>
          <FormAlert message={formError} />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="contact-method-label">
              {t('contact_requests.contact.method')}
            </Text>
            <SegmentedControl
              aria-labelledby="contact-method-label"
              fullWidth
              data={contactMethods.map((method) => ({
                value: method,
                label: t(`contact_requests.contact.methods.${method}`),
              }))}
              {...form.getInputProps('contact_method')}
            />
          </Stack>
          <Textarea
            label={t('contact_requests.contact.message')}
            placeholder={t('contact_requests.contact.message_placeholder')}
            autosize
            minRows={3}
            maxRows={8}
            withAsterisk
            {...form.getInputProps('message')}
          />
          <TextInput
            label={t('contact_requests.contact.preferred_time')}
            placeholder={t('contact_requests.contact.preferred_time_placeholder')}
            {...form.getInputProps('preferred_time')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            {t('contact_requests.contact.submit')}
          </Button>
        </Stack>
      </form>
      <Divider my="lg" />
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('contact_requests.contact.your_requests')}
        </Text>
        <ProductRequests product={product} />
      </Stack>
    </Card>
  );
}
