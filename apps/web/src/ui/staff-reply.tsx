/**
 * What the back office's feedback and contact-request drawers share: the drawer itself (full width
 * on a phone), the form that closes an item with one text (an answer, a note), and the closed item's
 * text with who closed it and when. It sits in ui/ because two domains' features use it and a
 * feature never imports another.
 */
import type { CallDefinition, RequestOf, ResponseOf } from '@bank/contract/calls';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useCallForm } from '../lib/call-form.tsx';
import { Drawer } from './drawer.tsx';
import { FormAlert } from './form-alert.tsx';
import { Textarea } from './textarea.tsx';

export function ReviewDrawer({
  isOpen,
  onClose,
  title,
  closeLabel,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={isOpen}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 640}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
    </Drawer>
  );
}

/** The form that closes an item: one required text, named `field` in the call's request. */
export function ReplyForm<Call extends CallDefinition>({
  call,
  field,
  toRequest,
  label,
  help,
  submitLabel,
  onSuccess,
}: {
  call: Call;
  field: string;
  toRequest: (text: string) => RequestOf<Call>;
  label: string;
  help: string;
  submitLabel: string;
  onSuccess: (answer: ResponseOf<Call>) => Promise<void>;
}) {
  const { form, submit, formError, isSubmitting } = useCallForm<Call, Record<string, string>>({
    call,
    initialValues: { [field]: '' },
    toRequest: (values) => toRequest(values[field] ?? ''),
    onSuccess,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Textarea
          label={label}
          description={help}
          autosize
          minRows={4}
          maxRows={12}
          withAsterisk
          {...form.getInputProps(field)}
        />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-end' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** A closed item's text (the answer, the note) and who closed it, when. */
export function ClosedReply({ title, text, byLine }: { title: string; text: string | null; byLine: string }) {
  return (
    <Paper bg="gray.0" withBorder p="md" radius="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        <Text size="xs" c="dimmed">
          {byLine}
        </Text>
      </Stack>
    </Paper>
  );
}
