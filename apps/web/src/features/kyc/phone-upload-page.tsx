/**
 * /upload: the public page a phone opens from the QR code of a KYC step ("Continue on your phone").
 * The one-time link (?token=...) says which section it is for and until when; the page offers one
 * large "Take a photo or choose a file" control (the camera opens directly on most phones), sends
 * the file with a progress bar, and ends on "Uploaded — you can return to your computer", where the
 * desktop page shows the document arrive. An expired or used link says so plainly.
 */
import { uploadLimits } from '@bank/contract/constants';
import {
  type DocumentMimeType,
  type DocumentRef,
  type KycSection,
  phoneAuthorizeUpload,
  phoneCompleteUpload,
  phoneUploadInfo,
} from '@bank/contract/documents';
import { Alert, Button, Center, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCircleCheck, IconClockX, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { describeUploadFailure } from '../../ui/document-upload.tsx';
import { checkFile, kycFileRules, megabytesOf } from '../../ui/file-type.ts';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { formatCountdown } from '../../ui/svg-data-url.ts';
import { type DocumentUploader, uploadDocument } from '../../ui/upload-transport.ts';
import '../../messages/documents.ts';
import '../../messages/kyc.ts';

type Phase =
  | { name: 'ready' }
  | { name: 'uploading'; fileName: string; fraction: number }
  | { name: 'failed'; message: string; file: File | null; mimeType: DocumentMimeType | null }
  | { name: 'done'; document: DocumentRef };

function phoneUploader(token: string): DocumentUploader {
  return {
    authorize: (request, signal) => callApi(phoneAuthorizeUpload, { token, ...request }, { signal }),
    complete: (uploadId, signal) => callApi(phoneCompleteUpload, { token, upload_id: uploadId }, { signal }),
  };
}

/** A token the contract would refuse is not sent: the page says the link is not valid. */
function isPlausibleToken(token: string): boolean {
  return token.length >= 20 && token.length <= 200;
}

function useSecondsUntil(isoTime: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, (Date.parse(isoTime) - now) / 1000);
}

function LinkProblem({ title, description }: { title: string; description: string }) {
  return (
    <Stack align="center" gap="sm" py="md" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
        <IconClockX size={30} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} fz="lg" ta="center">
        {title}
      </Text>
      <Text c="dimmed" ta="center" size="sm">
        {description}
      </Text>
    </Stack>
  );
}

function Uploader({ token, section, expiresAt }: { token: string; section: KycSection; expiresAt: string }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'ready' });
  const secondsLeft = useSecondsUntil(expiresAt);

  const send = async (file: File, knownType: DocumentMimeType | null) => {
    let mimeType = knownType;
    if (!mimeType) {
      const check = await checkFile(file, kycFileRules);
      if (!check.isAccepted) {
        setPhase({
          name: 'failed',
          message: t(check.problem.key as never, check.problem.params ?? {}),
          file: null,
          mimeType: null,
        });
        return;
      }
      mimeType = check.mimeType;
    }
    setPhase({ name: 'uploading', fileName: file.name, fraction: 0 });
    try {
      const document = await uploadDocument(
        file,
        mimeType,
        phoneUploader(token),
        (fraction) => setPhase({ name: 'uploading', fileName: file.name, fraction }),
        new AbortController().signal,
      );
      setPhase({ name: 'done', document });
    } catch (error) {
      const described = describeUploadFailure(error, t);
      setPhase({ name: 'failed', message: described.message, file: described.isRetryable ? file : null, mimeType });
    }
  };

  if (phase.name === 'done')
    return (
      <Stack align="center" gap="sm" py="lg" role="status">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={36} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} fz="xl" ta="center">
          {t('kyc.phone_page.done_title')}
        </Text>
        <Text c="dimmed" ta="center">
          {t('kyc.phone_page.done_description', { name: phase.document.file_name })}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Text>{t('kyc.phone_page.for_section', { section: t(`kyc.sections.${section}`) })}</Text>
      <input
        ref={inputRef}
        id="phone-upload-file"
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void send(file, null);
        }}
      />
      <Button
        size="xl"
        h={96}
        fullWidth
        leftSection={<IconCamera size={30} aria-hidden />}
        onClick={() => inputRef.current?.click()}
        loading={phase.name === 'uploading'}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        aria-describedby="phone-upload-rules"
      >
        {t('kyc.phone_page.take_photo')}
      </Button>
      <Text id="phone-upload-rules" size="sm" c="dimmed" ta="center">
        {t('kyc.phone_page.rules', { size: megabytesOf(uploadLimits.kycMaxFileBytes) })}
      </Text>
      {phase.name === 'uploading' ? (
        <Stack gap={6}>
          <Text size="sm" truncate="end">
            {phase.fileName}
          </Text>
          <Progress
            size="lg"
            value={phase.fraction * 100}
            aria-label={t('documents.upload.progress_of', { name: phase.fileName })}
          />
          <Text size="sm" c="dimmed" role="status" className="tabular-figures">
            {t('documents.upload.progress', { percent: Math.round(phase.fraction * 100) })}
          </Text>
        </Stack>
      ) : null}
      {phase.name === 'failed' ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap="sm">
            <Text size="sm">{phase.message}</Text>
            {phase.file ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => phase.file && void send(phase.file, phase.mimeType)}
              >
                {t('shell.buttons.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed" ta="center" className="tabular-figures">
        {t('kyc.phone_page.valid_for', { time: formatCountdown(secondsLeft) })}
      </Text>
    </Stack>
  );
}

export function PhoneUploadPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isTokenPlausible = isPlausibleToken(token);
  const info = useQuery({
    queryKey: [phoneUploadInfo.path, token],
    queryFn: ({ signal }) => callApi(phoneUploadInfo, { token }, { signal, isSilent: true }),
    enabled: isTokenPlausible,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let content: React.ReactNode;
  if (!isTokenPlausible || info.error instanceof ApiError)
    content = (
      <LinkProblem title={t('kyc.phone_page.invalid_title')} description={t('kyc.phone_page.invalid_description')} />
    );
  else if (info.isPending)
    content = (
      <Center py="xl" aria-busy="true">
        <Loader />
      </Center>
    );
  else if (info.isError)
    content = (
      <Stack align="center" gap="sm" role="alert">
        <Text ta="center">{t('errors.network_timeout')}</Text>
        <Button variant="light" onClick={() => void info.refetch()} leftSection={<IconRefresh size={16} aria-hidden />}>
          {t('shell.buttons.retry')}
        </Button>
      </Stack>
    );
  else if (Date.parse(info.data.expires_at) <= Date.now())
    content = (
      <LinkProblem title={t('kyc.phone_page.invalid_title')} description={t('kyc.phone_page.invalid_description')} />
    );
  else content = <Uploader token={token} section={info.data.section} expiresAt={info.data.expires_at} />;

  return (
    <PublicPageFrame title={t('pages.phoneUpload.title')} description={t('pages.phoneUpload.purpose')}>
      {content}
    </PublicPageFrame>
  );
}
