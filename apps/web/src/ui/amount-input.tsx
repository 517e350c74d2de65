/**
 * An amount typed as text (the contract's decimal string: never a JavaScript number), with the
 * decimal keypad on a phone and its currency or asset beside it.
 */
import { Text, TextInput, type TextInputProps } from '@mantine/core';

export function AmountInput({ currency, ...props }: Omit<TextInputProps, 'rightSection'> & { currency: string }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        <Text size="sm" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={52}
      {...props}
    />
  );
}
