import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { fromUtcInputValue, toUtcInputValue } from './time';

/** How long the picker waits after the last change before it asks again (stepping through with arrows). */
export const AS_OF_SETTLE_MS = 400;

export interface AsOfInputProps {
  readonly label: string;
  /** ISO time, or null for now. */
  readonly value: string | null;
  readonly onChange: (asOf: string | null) => void;
}

/** The as-of date and time (UTC, to the second); empty means now. A complete, real time re-queries. */
export function AsOfInput({ label, value, onChange }: AsOfInputProps) {
  const [draft, setDraft] = useState(() => toUtcInputValue(value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A new time from outside (a timeline entry, "Now") replaces what is typed.
  useEffect(() => {
    setDraft(toUtcInputValue(value));
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const invalid = draft !== '' && fromUtcInputValue(draft) === null;

  const change = (next: string) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (next === '') {
      onChangeRef.current(null);
      return;
    }
    const iso = fromUtcInputValue(next);
    if (iso !== null) timer.current = setTimeout(() => onChangeRef.current(iso), AS_OF_SETTLE_MS);
  };

  return (
    <Field.Root invalid={invalid} maxW="sm">
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" w="full">
        <Input
          type="datetime-local"
          step="1"
          value={draft}
          onChange={(e) => change(e.currentTarget.value)}
          css={{ colorScheme: 'dark' }}
        />
        <Button
          variant="outline"
          size="md"
          aria-label={`${label}: now`}
          onClick={() => {
            clearTimeout(timer.current);
            setDraft('');
            onChangeRef.current(null);
          }}
          disabled={value === null && draft === ''}
        >
          Now
        </Button>
      </HStack>
      {invalid ? (
        <Field.ErrorText>Enter a complete date and time.</Field.ErrorText>
      ) : (
        <Field.HelperText color="fg.muted">UTC. Empty means now.</Field.HelperText>
      )}
    </Field.Root>
  );
}
