/**
 * A signature, drawn on the screen with a mouse, a finger or a pen (pointer events, through the
 * `signature_pad` library) and handed to the form as a PNG. Keyboard and screen-reader users, and
 * anyone who cannot draw, may type their name instead: it is drawn in a handwriting style into the
 * same kind of PNG. A signature already stored is shown as it is, with "Sign again".
 */
import { Box, Button, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconEraser, IconKeyboard, IconSignature } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { useDocumentLink } from './document-preview.tsx';

export type SignatureFieldProps = {
  label: string;
  description?: string;
  /** The signature stored on the server (a document of kind `signature`), if any. */
  savedDocumentId: string | null | undefined;
  /** A new signature, drawn or typed and not uploaded yet. */
  value: Blob | null;
  onChange: (png: Blob | null) => void;
  error?: string | undefined;
  isReadOnly?: boolean;
  /** The form's name of the field, for focusFirstError. */
  fieldName?: string;
  isRequired?: boolean;
  /** The signer's name as the form has it: a typed signature starts from it. */
  signerName?: string;
};

const canvasHeight = 180;
const typedFont = '"Segoe Script", "Brush Script MT", "URW Chancery L", "Z003", cursive';

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

/** Sizes the canvas's pixels to its box and the screen's density, so that lines stay sharp. */
function fitCanvas(canvas: HTMLCanvasElement): number {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = Math.round(canvas.offsetWidth * ratio);
  canvas.height = Math.round(canvas.offsetHeight * ratio);
  canvas.getContext('2d')?.scale(ratio, ratio);
  return ratio;
}

function SavedSignature({ documentId, alt }: { documentId: string; alt: string }) {
  const { t } = useTranslation();
  const link = useDocumentLink(documentId);
  if (link.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('documents.preview.failed')}
      </Text>
    );
  return link.data ? (
    <Image src={link.data.url} alt={alt} h={canvasHeight - 40} w="auto" maw="100%" fit="contain" />
  ) : (
    <Box h={canvasHeight - 40} aria-busy="true" />
  );
}

function DrawnSignature({ label, onChange }: { label: string; onChange: (png: Blob | null) => void }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#0d2a4d' });
    padRef.current = pad;
    fitCanvas(canvas);
    pad.clear();
    const onEnd = () => {
      void canvasToPng(canvas).then((png) => onChangeRef.current(pad.isEmpty() ? null : png));
    };
    pad.addEventListener('endStroke', onEnd);
    let lastWidth = canvas.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (canvas.offsetWidth === lastWidth) return;
      lastWidth = canvas.offsetWidth;
      const strokes = pad.toData();
      fitCanvas(canvas);
      pad.clear();
      pad.fromData(strokes);
    });
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <Stack gap={6}>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={t('documents.signature.canvas_label', { label })}
        w="100%"
        h={canvasHeight}
        style={{
          display: 'block',
          touchAction: 'none',
          cursor: 'crosshair',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('documents.signature.draw_hint')}
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconEraser size={16} aria-hidden />}
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          {t('documents.signature.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

function TypedSignature({ onChange, signerName = '' }: { onChange: (png: Blob | null) => void; signerName?: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState(signerName);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const id = useId();

  const render = useCallback(
    async (text: string) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      fitCanvas(canvas);
      const context = canvas.getContext('2d');
      if (!context) return;
      const width = canvas.offsetWidth;
      context.fillStyle = 'white';
      context.fillRect(0, 0, width, canvasHeight);
      const trimmed = text.trim();
      if (!trimmed) {
        onChange(null);
        return;
      }
      let size = 44;
      context.font = `italic ${size}px ${typedFont}`;
      while (size > 16 && context.measureText(trimmed).width > width - 32) {
        size -= 2;
        context.font = `italic ${size}px ${typedFont}`;
      }
      context.fillStyle = '#0d2a4d';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(trimmed, width / 2, canvasHeight / 2);
      onChange(await canvasToPng(canvas));
    },
    [onChange],
  );

  // Switched to typing with the signer's name already in the form: it is the signature at once.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (signerName.trim()) void render(signerName);
  }, [render, signerName]);

  return (
    <Stack gap={6}>
      <TextInput
        id={id}
        label={t('documents.signature.typed_label')}
        description={t('documents.signature.typed_hint')}
        value={name}
        maxLength={100}
        autoComplete="name"
        onChange={(event) => {
          const text = event.currentTarget.value;
          setName(text);
          void render(text);
        }}
      />
      <Box
        component="canvas"
        ref={canvasRef}
        aria-hidden
        w="100%"
        h={canvasHeight}
        style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)', background: 'white' }}
      />
    </Stack>
  );
}

export function SignatureField({
  label,
  description,
  savedDocumentId,
  value,
  onChange,
  error,
  isReadOnly = false,
  fieldName,
  isRequired = false,
  signerName,
}: SignatureFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [isSigningAgain, setIsSigningAgain] = useState(false);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');

  // A newly stored signature is shown as stored, no longer as being drawn.
  useEffect(() => {
    if (savedDocumentId) setIsSigningAgain(false);
  }, [savedDocumentId]);

  const isShowingSaved = Boolean(savedDocumentId) && !value && !isSigningAgain;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
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
          <Text size="xs" c="dimmed" mt={2}>
            {description}
          </Text>
        ) : null}
      </div>
      <Paper
        withBorder
        p="xs"
        style={{
          borderColor: error ? 'var(--mantine-color-red-6)' : undefined,
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        {isShowingSaved && savedDocumentId ? (
          <Group justify="space-between" align="center" gap="sm" p={4}>
            <SavedSignature documentId={savedDocumentId} alt={t('documents.signature.saved_alt', { label })} />
            {isReadOnly ? null : (
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconSignature size={16} aria-hidden />}
                onClick={() => setIsSigningAgain(true)}
                data-field={fieldName}
              >
                {t('documents.signature.sign_again')}
              </Button>
            )}
          </Group>
        ) : isReadOnly ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('documents.signature.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {mode === 'draw' ? (
              <DrawnSignature label={label} onChange={onChange} />
            ) : (
              <TypedSignature onChange={onChange} signerName={signerName} />
            )}
            <Group gap="xs" justify="space-between">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={
                  mode === 'draw' ? <IconKeyboard size={16} aria-hidden /> : <IconSignature size={16} aria-hidden />
                }
                onClick={() => {
                  onChange(null);
                  setMode(mode === 'draw' ? 'type' : 'draw');
                }}
                data-field={fieldName}
              >
                {mode === 'draw' ? t('documents.signature.type_instead') : t('documents.signature.draw_instead')}
              </Button>
              {savedDocumentId ? (
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  onClick={() => {
                    onChange(null);
                    setIsSigningAgain(false);
                  }}
                >
                  {t('documents.signature.keep_saved')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        )}
      </Paper>
      {value ? (
        <Text size="xs" c="teal.9" role="status">
          {t('documents.signature.pending')}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
