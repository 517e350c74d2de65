/**
 * A 6-digit code (emailed or from an authenticator app): one numeric field rather than six boxes,
 * so that it has one label, pastes whole, and is filled by the phone's one-time-code suggestion.
 * Anything but digits is dropped as it is typed or pasted ("123 456" becomes "123456").
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export type CodeInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange: (value: string) => void;
  length?: number;
};

export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value = '', onChange, length = 6, styles, ...inputProps },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, length))}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={length + 8}
      classNames={{ input: 'tabular-figures' }}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-lg)',
          letterSpacing: '0.35em',
        },
        ...styles,
      }}
      {...inputProps}
    />
  );
});
