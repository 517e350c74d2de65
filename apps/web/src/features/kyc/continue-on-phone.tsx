/**
 * "Continue on your phone": a one-time link (15 minutes, this section only) shown as a QR code for
 * the phone's camera. While the dialog is open the page asks the server every few seconds for the
 * company's documents and shows each one that arrives; the step's form takes it in as well
 * (use-arriving-documents.ts). Closed before the phone's upload, it keeps asking, more quietly, until
 * the link has brought its document or expired: the phone says the document appears on the
 * computer, and a save of the step without it would drop it from the draft.
 */
import type { KycSection } from '@bank/contract/documents';
import { createPhoneUploadLink } from '@bank/contract/documents';
import type { KycInfo } from '@bank/contract/kyc';
import { Alert, Button, Center, Group, Image, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';
import { formatCountdown, svgDataUrl } from '../../ui/svg-data-url.ts';
import { kycInfoQueryKey, pollKycInfo } from './kyc-api.ts';

/** How often the desktop asks whether the phone's document has arrived. */
const pollIntervalMs = 3000;

type PhoneLink = { url: string; expires_at: string; qr_svg: string };

/** A link the phone may still use, and the documents the company had before it. */
type WatchedLink = { expiresAt: string; knownIds: ReadonlySet<string> };

function useSecondsUntil(isoTime: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isoTime) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isoTime]);
  return isoTime ? Math.max(0, (Date.parse(isoTime) - now) / 1000) : 0;
}

function PhoneUploadDialog({
  section,
  onClose,
  onLinkCreated,
}: {
  section: KycSection;
  onClose: () => void;
  onLinkCreated: (link: WatchedLink) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<PhoneLink | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const knownIds = useRef<Set<string> | null>(null);
  const secondsLeft = useSecondsUntil(link?.expires_at ?? null);
  const isExpired = link !== null && secondsLeft <= 0;

  if (knownIds.current === null) {
    const cached = queryClient.getQueryData<KycInfo>(kycInfoQueryKey);
    knownIds.current = new Set((cached?.documents ?? []).map((document) => document.document_id));
  }

  const create = async () => {
    setIsCreating(true);
    setFailure(null);
    try {
      const created = await callApi(createPhoneUploadLink, { section });
      setLink(created);
      onLinkCreated({ expiresAt: created.expires_at, knownIds: knownIds.current ?? new Set() });
    } catch (error) {
      setFailure(messageOfError(error) ?? t('errors.something_went_wrong'));
    } finally {
      setIsCreating(false);
    }
  };

  // One link per opening of the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: create runs once, when the dialog opens
  useEffect(() => {
    void create();
  }, []);

  const poll = useQuery({
    queryKey: ['kyc-phone-upload-poll', section],
    queryFn: ({ signal }) => pollKycInfo(queryClient, signal),
    enabled: link !== null && !isExpired,
    refetchInterval: pollIntervalMs,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const arrived = (poll.data?.documents ?? []).filter(
    (document) => document.section === section && !knownIds.current?.has(document.document_id),
  );

  return (
    <Dialog isOpen onClose={onClose} title={t('kyc.phone.title')}>
      <Stack gap="md">
        <Text size="sm">{t('kyc.phone.instructions')}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        {link && !isExpired ? (
          <Stack gap="xs" align="center">
            <Image
              src={svgDataUrl(link.qr_svg)}
              alt={t('kyc.phone.qr_alt')}
              w={220}
              h={220}
              fit="contain"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
            />
            <Text size="sm" c="dimmed" className="tabular-figures" aria-live="off">
              {t('kyc.phone.expires_in', { time: formatCountdown(secondsLeft) })}
            </Text>
          </Stack>
        ) : isCreating ? (
          <Center h={220} aria-busy="true">
            <Loader />
          </Center>
        ) : isExpired ? (
          <Alert color="orange" variant="light" role="status">
            {t('kyc.phone.expired')}
          </Alert>
        ) : null}

        {arrived.length > 0 ? (
          <Alert
            color="teal"
            variant="light"
            role="status"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t('kyc.phone.received_title')}
            styles={readableAlertStyles('teal')}
          >
            <List size="sm">
              {arrived.map((document) => (
                <List.Item key={document.document_id}>{document.file_name}</List.Item>
              ))}
            </List>
          </Alert>
        ) : link && !isExpired ? (
          <Group gap="xs" c="dimmed" role="status">
            <Loader size="xs" color="gray" />
            <Text size="sm">{t('kyc.phone.waiting')}</Text>
          </Group>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {isExpired || failure ? (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void create()}
              loading={isCreating}
            >
              {t('kyc.phone.new_link')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-autofocus>
            {arrived.length > 0 ? t('kyc.phone.done') : t('kyc.phone.close')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/**
 * After the dialog is closed: asks every few seconds until a document of the section that the
 * company did not have arrives (the link is then used up) or the link expires; each answer updates
 * the page's KYC, which the step's form takes the document from.
 */
function useArrivalAfterClose(section: KycSection, watched: WatchedLink | null, onDone: () => void) {
  const queryClient = useQueryClient();
  const isLive = () => watched !== null && Date.parse(watched.expiresAt) > Date.now();
  const poll = useQuery({
    queryKey: ['kyc-phone-upload-watch', section, watched?.expiresAt],
    queryFn: ({ signal }) => pollKycInfo(queryClient, signal),
    enabled: isLive(),
    refetchInterval: () => (isLive() ? pollIntervalMs : false),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const hasArrived = (poll.data?.documents ?? []).some(
    (document) => document.section === section && !watched?.knownIds.has(document.document_id),
  );
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (hasArrived) onDoneRef.current();
  }, [hasArrived]);
}

export function ContinueOnPhoneButton({ section, isDisabled = false }: { section: KycSection; isDisabled?: boolean }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [watched, setWatched] = useState<WatchedLink | null>(null);
  useArrivalAfterClose(section, isOpen ? null : watched, () => setWatched(null));
  return (
    <>
      <Button
        variant="default"
        leftSection={
          <ThemeIcon variant="transparent" size="sm" aria-hidden>
            <IconDeviceMobile size={16} />
          </ThemeIcon>
        }
        onClick={() => setIsOpen(true)}
        disabled={isDisabled}
      >
        {t('kyc.phone.button')}
      </Button>
      {isOpen ? (
        <PhoneUploadDialog section={section} onClose={() => setIsOpen(false)} onLinkCreated={setWatched} />
      ) : null}
    </>
  );
}
