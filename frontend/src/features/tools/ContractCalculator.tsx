/**
 * The contract calculator: pick a contract and what to work out (notional value, profit or loss, margin and
 * leverage, position size, round-turn costs), type numbers, and read each result with its formula filled in.
 * The arithmetic is the contracts' (calculator.ts), the same the lessons' worked examples are checked with.
 * A lesson embeds it with its contract and mode fixed.
 */
import { Box, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { CALCULATOR_MODES, type CalculatorMode, type ContractSpec } from '@tickwise/contracts';
import { useId, useState } from 'react';
import { CalculatorPanel } from './CalculatorPanels';
import { SpecSummary } from './SpecSummary';

export const MODE_LABELS: Readonly<Record<CalculatorMode, string>> = {
  notional: 'Notional value',
  pnl: 'Profit or loss',
  margin: 'Margin and leverage',
  size: 'Position size',
  costs: 'Round-turn costs',
};

export interface ContractCalculatorProps {
  readonly specs: readonly ContractSpec[];
  /** The contract shown first (the first spec when unknown). */
  readonly symbol: string;
  readonly mode: CalculatorMode;
  /** In a lesson: the contract and the mode are the lesson's, and the summary is shorter. */
  readonly embedded?: boolean;
}

export function ContractCalculator({ specs, symbol, mode, embedded = false }: ContractCalculatorProps) {
  const [chosen, setChosen] = useState(symbol);
  const [working, setWorking] = useState<CalculatorMode>(mode);
  const id = useId();
  const spec = specs.find((s) => s.symbol === chosen) ?? specs[0];
  if (spec === undefined) return <Text color="fg.muted">No contract specifications are published yet.</Text>;
  return (
    <Stack gap="5" data-testid="contract-calculator">
      {embedded ? null : (
        <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
          <Field.Root flex="1">
            <Field.Label htmlFor={`${id}-contract`}>Contract</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={`${id}-contract`}
                name="contract"
                value={spec.symbol}
                onChange={(e) => setChosen(e.currentTarget.value)}
              >
                {specs.map((s) => (
                  <option key={s.symbol} value={s.symbol}>
                    {s.symbol} · {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label htmlFor={`${id}-mode`}>Work out</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={`${id}-mode`}
                name="mode"
                value={working}
                onChange={(e) => setWorking(e.currentTarget.value as CalculatorMode)}
              >
                {CALCULATOR_MODES.map((m) => (
                  <option key={m} value={m}>
                    {MODE_LABELS[m]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
      )}
      <SpecSummary spec={spec} brief={embedded} />
      <Box>
        {/* A new contract or mode starts from that contract's own example figures. */}
        <CalculatorPanel key={`${spec.symbol}-${working}`} spec={spec} mode={working} />
      </Box>
    </Stack>
  );
}
