/**
 * One form per thing the calculator works out. Each starts from example figures for the contract, checks every
 * field as it is typed (a plain message on the field, no result until all pass) and shows each result with
 * its formula, announced politely to screen readers.
 */
import { Alert, Box, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CalculatorMode, ContractSpec } from '@tickwise/contracts';
import {
  type Calculation,
  marginUse,
  money,
  moveValue,
  notionalValue,
  plain,
  positionSize,
  roundTurnCosts,
} from '@tickwise/contracts/calculator';
import { type ReactNode, useId, useState } from 'react';
import { checkAll, type FieldRule } from './inputs';

type Fields = Record<string, { readonly label: string; readonly rule: FieldRule; readonly help?: string }>;

/** The form's text per field, from the contract's example figures. */
function useTexts<K extends string>(initial: Record<K, string>) {
  const [texts, setTexts] = useState(initial);
  return [texts, (key: K, text: string) => setTexts((t) => ({ ...t, [key]: text }))] as const;
}

function NumberField(props: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly error: string | undefined;
  readonly help?: string | undefined;
}) {
  return (
    <Field.Root invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error !== undefined ? (
        <Field.ErrorText>{props.error}</Field.ErrorText>
      ) : props.help ? (
        <Field.HelperText>{props.help}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

function Choice<V extends string>(props: {
  readonly label: string;
  readonly name: string;
  readonly value: V;
  readonly options: readonly (readonly [V, string])[];
  readonly onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          name={props.name}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value as V)}
        >
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface ResultLine {
  readonly label: string;
  readonly shown: string;
  readonly calculation: Calculation;
}

function Results({
  lines,
  children,
}: {
  readonly lines: readonly ResultLine[] | null;
  readonly children?: ReactNode;
}) {
  return (
    <Box aria-live="polite" data-testid="calculator-results" mt="5">
      {lines === null ? (
        <Text color="fg.muted">Correct the highlighted field to see the result.</Text>
      ) : (
        <Stack as="dl" gap="3">
          {lines.map((line) => (
            <Box key={line.label} borderStartWidth="3px" borderColor="brand.600" ps="3">
              <Text as="dt" fontSize="sm" color="fg.muted">
                {line.label}
              </Text>
              <Text as="dd" m="0" fontSize="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {line.shown}
              </Text>
              <Text as="dd" m="0" fontFamily="mono" fontSize="sm" color="fg.muted" wordBreak="break-word">
                {line.calculation.formula}
              </Text>
            </Box>
          ))}
          {children}
        </Stack>
      )}
    </Box>
  );
}

/** The fields of a form, two columns from a small tablet up. */
function FieldsGrid<K extends string>(props: {
  readonly fields: Readonly<Record<K, Fields[string]>>;
  readonly texts: Record<K, string>;
  readonly errors: Partial<Record<K, string>>;
  readonly onChange: (key: K, text: string) => void;
  readonly extra?: ReactNode;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {props.extra}
      {(Object.keys(props.fields) as K[]).map((key) => (
        <NumberField
          key={key}
          name={key}
          label={props.fields[key].label}
          help={props.fields[key].help}
          value={props.texts[key]}
          error={props.errors[key]}
          onChange={(text) => props.onChange(key, text)}
        />
      ))}
    </SimpleGrid>
  );
}

const withRules = <K extends string>(fields: Readonly<Record<K, Fields[string]>>, texts: Record<K, string>) =>
  checkAll(
    Object.fromEntries(
      (Object.keys(fields) as K[]).map((key) => [key, { rule: fields[key].rule, text: texts[key] }]),
    ) as Record<K, { rule: FieldRule; text: string }>,
  );

const line = (label: string, calculation: Calculation, shown = money(calculation.value)): ResultLine => ({
  label,
  shown,
  calculation,
});

function NotionalPanel({ spec }: { readonly spec: ContractSpec }) {
  const fields = {
    price: { label: `Price (${spec.quoteUnit})`, rule: 'price' },
    contracts: { label: 'Contracts', rule: 'contracts' },
  } as const;
  const [texts, setText] = useTexts({ price: String(spec.referencePrice), contracts: '1' });
  const checked = withRules(fields, texts);
  const lines = checked.values ? [line('Notional value', notionalValue(spec, checked.values))] : null;
  return (
    <>
      <FieldsGrid fields={fields} texts={texts} errors={checked.errors ?? {}} onChange={setText} />
      <Results lines={lines} />
    </>
  );
}

function PnlPanel({ spec }: { readonly spec: ContractSpec }) {
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [unit, setUnit] = useState<'points' | 'ticks'>('ticks');
  const fields = {
    move: { label: `Price move in ${unit} (up +, down −)`, rule: 'move' },
    contracts: { label: 'Contracts', rule: 'contracts' },
  } as const;
  const [texts, setText] = useTexts({ move: '8', contracts: '1' });
  const checked = withRules(fields, texts);
  const result = checked.values
    ? moveValue(spec, {
        // A short gains what a long loses: its move in its favour is the price's move reversed.
        move: side === 'long' ? checked.values.move : -checked.values.move,
        unit,
        contracts: checked.values.contracts,
      })
    : null;
  const choices = (
    <>
      <Choice
        label="Position"
        name="side"
        value={side}
        onChange={setSide}
        options={[
          ['long', 'Long (bought)'],
          ['short', 'Short (sold)'],
        ]}
      />
      <Choice
        label="Move counted in"
        name="unit"
        value={unit}
        onChange={setUnit}
        options={[
          ['ticks', 'Ticks'],
          ['points', 'Whole price units (points)'],
        ]}
      />
    </>
  );
  return (
    <>
      <FieldsGrid
        fields={fields}
        texts={texts}
        errors={checked.errors ?? {}}
        onChange={setText}
        extra={choices}
      />
      <Results
        lines={
          result
            ? [line(result.value >= 0 ? 'Profit' : 'Loss', result, money(result.value, { signed: true }))]
            : null
        }
      >
        {side === 'short' ? (
          <Text fontSize="sm" color="fg.muted">
            A short gains when the price falls and loses when it rises.
          </Text>
        ) : null}
      </Results>
    </>
  );
}

function MarginPanel({ spec }: { readonly spec: ContractSpec }) {
  const fields = {
    price: { label: `Price (${spec.quoteUnit})`, rule: 'price' },
    contracts: { label: 'Contracts', rule: 'contracts' },
    marginPerContract: {
      label: 'Margin per contract ($)',
      rule: 'money',
      help: `Illustrative: ${money(spec.illustrativeMargin.initial)}`,
    },
    account: { label: 'Account balance ($)', rule: 'money' },
  } as const;
  const [texts, setText] = useTexts({
    price: String(spec.referencePrice),
    contracts: '1',
    marginPerContract: String(spec.illustrativeMargin.initial),
    account: '50000',
  });
  const checked = withRules(fields, texts);
  const use = checked.values ? marginUse(spec, checked.values) : null;
  const lines = use
    ? [
        line('Margin held', use.margin),
        line('Share of the account', use.shareOfAccount, `${plain(use.shareOfAccount.value, 1)}%`),
        line('Leverage on the account', use.leverage, `${plain(use.leverage.value, 2)} times`),
        line('Leverage on the margin', use.leverageOnMargin, `${plain(use.leverageOnMargin.value, 2)} times`),
      ]
    : null;
  return (
    <>
      <FieldsGrid fields={fields} texts={texts} errors={checked.errors ?? {}} onChange={setText} />
      <Results lines={lines}>
        {use && use.shareOfAccount.value > 100 ? (
          <Alert.Root status="warning" variant="surface">
            <Alert.Indicator />
            <Alert.Description>
              The margin is more than the account: a broker would not open this position.
            </Alert.Description>
          </Alert.Root>
        ) : null}
      </Results>
    </>
  );
}

function SizePanel({ spec }: { readonly spec: ContractSpec }) {
  const [unit, setUnit] = useState<'points' | 'ticks'>('ticks');
  const fields = {
    account: { label: 'Account balance ($)', rule: 'money' },
    riskPercent: { label: 'Risk per trade (%)', rule: 'riskPercent' },
    stop: { label: `Stop distance in ${unit}`, rule: 'distance' },
  } as const;
  const [texts, setText] = useTexts({ account: '50000', riskPercent: '1', stop: '16' });
  const checked = withRules(fields, texts);
  const size = checked.values ? positionSize(spec, { ...checked.values, unit }) : null;
  const lines = size
    ? [
        line('Risk budget', size.budget),
        line('Loss per contract at the stop', size.riskPerContract),
        line('Contracts', size.contracts, plain(size.contracts.value)),
      ]
    : null;
  const choice = (
    <Choice
      label="Stop counted in"
      name="unit"
      value={unit}
      onChange={setUnit}
      options={[
        ['ticks', 'Ticks'],
        ['points', 'Whole price units (points)'],
      ]}
    />
  );
  return (
    <>
      <FieldsGrid
        fields={fields}
        texts={texts}
        errors={checked.errors ?? {}}
        onChange={setText}
        extra={choice}
      />
      <Results lines={lines}>
        {size?.zeroReason ? (
          <Alert.Root status="info" variant="surface" data-testid="zero-contracts">
            <Alert.Indicator />
            <Alert.Description>{size.zeroReason}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Results>
    </>
  );
}

function CostsPanel({ spec }: { readonly spec: ContractSpec }) {
  const fields = {
    commissionPerSide: { label: 'Commission per side ($)', rule: 'moneyOrZero' },
    feesPerSide: { label: 'Exchange and other fees per side ($)', rule: 'moneyOrZero' },
    slippageTicks: { label: 'Slippage per round turn (ticks)', rule: 'ticksOrZero' },
    contracts: { label: 'Contracts', rule: 'contracts' },
  } as const;
  const [texts, setText] = useTexts({
    commissionPerSide: '2.50',
    feesPerSide: '1.50',
    slippageTicks: '1',
    contracts: '1',
  });
  const checked = withRules(fields, texts);
  const costs = checked.values ? roundTurnCosts(spec, checked.values) : null;
  const lines = costs
    ? [
        line('Cost per contract, in and out', costs.perContract),
        line('Total', costs.total),
        line(
          'Move needed to cover the costs',
          costs.breakEvenTicks,
          `${plain(costs.breakEvenTicks.value, 2)} ticks`,
        ),
      ]
    : null;
  return (
    <>
      <FieldsGrid fields={fields} texts={texts} errors={checked.errors ?? {}} onChange={setText} />
      <Results lines={lines} />
    </>
  );
}

const panels: Readonly<Record<CalculatorMode, (props: { readonly spec: ContractSpec }) => ReactNode>> = {
  notional: NotionalPanel,
  pnl: PnlPanel,
  margin: MarginPanel,
  size: SizePanel,
  costs: CostsPanel,
};

export function CalculatorPanel({
  spec,
  mode,
}: {
  readonly spec: ContractSpec;
  readonly mode: CalculatorMode;
}) {
  const Panel = panels[mode];
  return <Panel spec={spec} />;
}
