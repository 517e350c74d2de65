/**
 * Uploading documents to a section: drop files on the area or choose them (keyboard: the "Choose
 * files" button), each checked for size and type by content before it is sent (file-type.ts), then
 * sent with a progress bar (upload-transport.ts). A failed transfer says so with Retry; the list
 * shows every document with its name, size and type, a Preview and a Remove. Removing only takes
 * the document out of the form: the section's next save records it.
 */
import { localeOfLanguage, uploadLimits } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { errorKeyOf } from '../lib/form-errors.ts';
import { useLanguage } from '../lib/i18n.ts';
import { DocumentPreviewDialog } from './document-preview.tsx';
import {
  acceptAttributeOf,
  checkFile,
  type FileRules,
  formatFileSize,
  kycFileRules,
  megabytesOf,
} from './file-type.ts';
import { type DocumentUploader, UploadFailure, uploadDocument } from './upload-transport.ts';

type PendingUpload = {
  key: string;
  file: File;
  fraction: number;
  phase: 'checking' | 'uploading' | 'failed';
  message?: string;
  isRetryable?: boolean;
};

export type DocumentUploadProps = {
  label: string;
  description?: string;
  documents: readonly DocumentRef[];
  onUploaded: (document: DocumentRef) => void;
  onRemove: (documentId: string) => void;
  uploader: DocumentUploader;
  maxFiles?: number;
  rules?: FileRules;
  /** The field's error (already in the user's language, or a form's translated message). */
  error?: ReactNode;
  isReadOnly?: boolean;
  /** The form's name of the field, for focusFirstError. */
  fieldName?: string;
  /** More ways to add a document, beside "Choose files" (Continue on your phone). */
  actions?: ReactNode;
  isRequired?: boolean;
};

/** The user's words for an upload that failed, and whether trying again can help. */
export function describeUploadFailure(
  error: unknown,
  translate: (key: 'errors.upload_error') => string,
): { message: string; isRetryable: boolean } {
  if (error instanceof UploadFailure && error.stage !== 'transfer' && error.cause instanceof ApiError) {
    const refusal = error.cause;
    const fieldMessage = Object.values(refusal.fieldErrors)[0];
    const isRefused = errorKeyOf(refusal) === 'validation';
    return { message: fieldMessage ?? (refusal.msg || translate('errors.upload_error')), isRetryable: !isRefused };
  }
  return { message: translate('errors.upload_error'), isRetryable: true };
}

export function DocumentTypeIcon({ mimeType }: { mimeType: string }) {
  const isPdf = mimeType === 'application/pdf';
  return (
    <ThemeIcon variant="light" color={isPdf ? 'red' : 'bank'} size={36} radius="md" aria-hidden>
      {isPdf ? <IconFileTypePdf size={20} stroke={1.6} /> : <IconPhoto size={20} stroke={1.6} />}
    </ThemeIcon>
  );
}

export function DocumentUpload({
  label,
  description,
  documents,
  onUploaded,
  onRemove,
  uploader,
  maxFiles = uploadLimits.kycFilesPerSection,
  rules = kycFileRules,
  error,
  isReadOnly = false,
  fieldName,
  actions,
  isRequired = false,
}: DocumentUploadProps) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const id = useId();
  const controllers = useRef(new Map<string, AbortController>());
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [previewed, setPreviewed] = useState<DocumentRef | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = (key: string, change: Partial<PendingUpload>) =>
    setPending((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const drop = (key: string) => setPending((current) => current.filter((item) => item.key !== key));

  const run = async (key: string, file: File) => {
    update(key, { phase: 'checking', fraction: 0, message: undefined });
    const check = await checkFile(file, rules);
    if (!check.isAccepted) {
      update(key, {
        phase: 'failed',
        message: t(check.problem.key as never, check.problem.params ?? {}),
        isRetryable: false,
      });
      return;
    }
    const controller = new AbortController();
    controllers.current.set(key, controller);
    update(key, { phase: 'uploading' });
    try {
      const document = await uploadDocument(
        file,
        check.mimeType,
        uploader,
        (fraction) => update(key, { fraction }),
        controller.signal,
      );
      drop(key);
      onUploadedRef.current(document);
      setAnnouncement(t('documents.upload.uploaded', { name: document.file_name }));
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') {
        drop(key);
        return;
      }
      const described = describeUploadFailure(failure, t);
      update(key, { phase: 'failed', message: described.message, isRetryable: described.isRetryable });
    } finally {
      controllers.current.delete(key);
    }
  };

  const activeCount = pending.filter((item) => item.phase !== 'failed').length;
  const room = Math.max(0, maxFiles - documents.length - activeCount);
  const isFull = room === 0;

  const addFiles = (files: File[]) => {
    setNotice(null);
    if (files.length === 0) return;
    const taken = files.slice(0, room);
    if (taken.length < files.length) setNotice(t('validation.too_many', { max: maxFiles }));
    const added = taken.map((file) => ({
      key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      file,
      fraction: 0,
      phase: 'checking' as const,
    }));
    setPending((current) => [...current, ...added]);
    for (const item of added) void run(item.key, item.file);
  };

  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null, `${id}-rules`]
    .filter(Boolean)
    .join(' ');

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <FieldHeading
        label={label}
        labelId={labelId}
        description={description}
        descriptionId={descriptionId}
        isRequired={isRequired}
      />

      {isReadOnly ? null : (
        <DropArea
          rules={rules}
          maxFiles={maxFiles}
          isFull={isFull}
          hasError={Boolean(error)}
          rulesId={`${id}-rules`}
          describedBy={describedBy}
          fieldName={fieldName}
          actions={actions}
          onFiles={addFiles}
        />
      )}

      <UploadMessages error={error} errorId={errorId} notice={notice} announcement={announcement} />

      {pending.map((item) => (
        <PendingUploadRow
          key={item.key}
          item={item}
          locale={locale}
          onRetry={() => void run(item.key, item.file)}
          onDismiss={() => drop(item.key)}
          onCancel={() => controllers.current.get(item.key)?.abort()}
        />
      ))}

      <UploadedDocuments
        documents={documents}
        locale={locale}
        isReadOnly={isReadOnly}
        maxFiles={maxFiles}
        onPreview={setPreviewed}
        onRemove={onRemove}
      />
      <DocumentPreviewDialog document={previewed} onClose={() => setPreviewed(null)} />
    </Stack>
  );
}

/** The field's error, a refusal of too many files, and what a screen reader hears when a file is in. */
function UploadMessages({
  error,
  errorId,
  notice,
  announcement,
}: {
  error: ReactNode;
  errorId: string;
  notice: string | null;
  announcement: string;
}) {
  return (
    <>
      {error ? (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      {notice ? (
        <Text size="sm" c="red.8" role="alert">
          {notice}
        </Text>
      ) : null}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}

/** The field's label, its required mark and its description, as Mantine draws an input's. */
function FieldHeading({
  label,
  labelId,
  description,
  descriptionId,
  isRequired,
}: {
  label: string;
  labelId: string;
  description: string | undefined;
  descriptionId: string;
  isRequired: boolean;
}) {
  return (
    <div>
      <Text id={labelId} fw={500} size="sm">
        {label}
        {isRequired ? (
          <Text span c="var(--mantine-color-error)" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed" mt={2}>
          {description}
        </Text>
      ) : null}
    </div>
  );
}

/** The documents of the field, each with Preview and (unless read-only) Remove, and how many of how many. */
function UploadedDocuments({
  documents,
  locale,
  isReadOnly,
  maxFiles,
  onPreview,
  onRemove,
}: {
  documents: readonly DocumentRef[];
  locale: string;
  isReadOnly: boolean;
  maxFiles: number;
  onPreview: (document: DocumentRef) => void;
  onRemove: (documentId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {documents.length > 0 ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {documents.map((document) => (
            <Box component="li" key={document.document_id}>
              <DocumentRow
                document={document}
                locale={locale}
                onPreview={() => onPreview(document)}
                onRemove={isReadOnly ? undefined : () => onRemove(document.document_id)}
              />
            </Box>
          ))}
        </Stack>
      ) : isReadOnly ? (
        <Text size="sm" c="dimmed">
          {t('documents.upload.none')}
        </Text>
      ) : null}
      {documents.length > 0 && !isReadOnly && maxFiles > 1 ? (
        <Text size="xs" c="dimmed">
          {t('documents.upload.count', { count: documents.length, max: maxFiles })}
        </Text>
      ) : null}
    </>
  );
}

/** Where files are dropped or chosen (keyboard: the "Choose files" button), with the rules they must meet. */
function DropArea({
  rules,
  maxFiles,
  isFull,
  hasError,
  rulesId,
  describedBy,
  fieldName,
  actions,
  onFiles,
}: {
  rules: FileRules;
  maxFiles: number;
  isFull: boolean;
  hasError: boolean;
  rulesId: string;
  describedBy: string;
  fieldName: string | undefined;
  actions: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  return (
    <Paper
      withBorder
      p="md"
      onDragEnter={(event: DragEvent) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragOver={(event: DragEvent) => event.preventDefault()}
      onDragLeave={() => setIsDragging(false)}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setIsDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: hasError
          ? 'var(--mantine-color-red-6)'
          : isDragging
            ? 'var(--mantine-color-bank-6)'
            : 'var(--mantine-color-gray-4)',
        background: isDragging ? 'var(--mantine-color-bank-0)' : 'var(--mantine-color-white)',
      }}
    >
      <Group gap="md" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconUpload size={20} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={500}>
              {isDragging ? t('documents.upload.drop_active') : t('documents.upload.drop_here')}
            </Text>
            <Text id={rulesId} size="xs" c="dimmed">
              {t(
                rules.acceptedTypes.includes('application/pdf')
                  ? 'documents.upload.rules'
                  : 'documents.upload.image_rules',
                {
                  size: megabytesOf(rules.maxBytes),
                  count: maxFiles,
                },
              )}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => inputRef.current?.click()}
            disabled={isFull}
            aria-describedby={describedBy}
            data-field={fieldName}
          >
            {t('documents.upload.choose')}
          </Button>
          {actions}
        </Group>
      </Group>
      <input
        ref={inputRef}
        type="file"
        multiple={maxFiles > 1}
        accept={acceptAttributeOf(rules.acceptedTypes)}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}

/** A file on its way: checked, then sent with its progress, or failed with Retry and Dismiss. */
function PendingUploadRow({
  item,
  locale,
  onRetry,
  onDismiss,
  onCancel,
}: {
  item: PendingUpload;
  locale: string;
  onRetry: () => void;
  onDismiss: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={500} truncate="end" title={item.file.name} style={{ minWidth: 0 }}>
            {item.file.name}
          </Text>
          <Text size="xs" c="dimmed" className="tabular-figures" style={{ flexShrink: 0 }}>
            {item.phase === 'uploading'
              ? t('documents.upload.progress', { percent: Math.round(item.fraction * 100) })
              : item.phase === 'checking'
                ? t('documents.upload.checking')
                : formatFileSize(item.file.size, locale)}
          </Text>
        </Group>
        {item.phase === 'failed' ? (
          <Group justify="space-between" gap="xs" wrap="wrap" role="alert">
            <Group gap={6} wrap="nowrap" c="red.8" style={{ minWidth: 0 }}>
              <IconAlertCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">{item.message}</Text>
            </Group>
            <Group gap="xs">
              {item.isRetryable ? (
                <Button size="compact-sm" variant="light" onClick={onRetry}>
                  {t('shell.buttons.retry')}
                </Button>
              ) : null}
              <Button size="compact-sm" variant="subtle" color="gray" onClick={onDismiss}>
                {t('documents.upload.dismiss')}
              </Button>
            </Group>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={item.fraction * 100}
              animated={item.phase === 'checking'}
              style={{ flex: 1 }}
              aria-label={t('documents.upload.progress_of', { name: item.file.name })}
            />
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={onCancel}
              disabled={item.phase !== 'uploading'}
            >
              {t('documents.upload.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function DocumentRow({
  document,
  locale,
  onPreview,
  onRemove,
}: {
  document: DocumentRef;
  locale: string;
  onPreview: () => void;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const typeLabel = t(`documents.types.${typeKeyOf(document.mime_type)}`);
  return (
    <Paper withBorder px="sm" py={8}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <DocumentTypeIcon mimeType={document.mime_type} />
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end" title={document.file_name}>
              {document.file_name}
            </Text>
            <Text size="xs" c="dimmed" className="tabular-figures">
              {typeLabel} · {formatFileSize(document.size_bytes, locale)}
            </Text>
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onPreview}
            aria-label={t('documents.upload.preview_named', { name: document.file_name })}
          >
            {t('documents.upload.preview')}
          </Button>
          {onRemove ? (
            <Tooltip label={t('documents.upload.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={t('documents.upload.remove_named', { name: document.file_name })}
              >
                <IconTrash size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

export function typeKeyOf(mimeType: string): 'pdf' | 'png' | 'jpeg' {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType === 'image/png') return 'png';
  return 'jpeg';
}
