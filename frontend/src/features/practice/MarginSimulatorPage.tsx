/**
 * /practice/margin: the margin-call simulator. The learner picks a hypothetical path, a side, a number of
 * contracts and a starting balance; steps through the days; answers each margin call; and reads a debrief
 * (worst drawdown, calls, deposits, and the same path at half the size). The finished run is recorded, with
 * the outcome the server works out from the choices.
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  atHalfSize,
  type ContractSpec,
  HYPOTHETICAL_RESULTS_STATEMENT,
  MAX_SIMULATED_CONTRACTS,
  type MarginCallResponse,
  type MarginOutcome,
  type MarginRunSetup,
  type MarginScenario,
  simulateMargin,
} from '@tickwise/contracts';
import { money } from '@tickwise/contracts/calculator';
import { useState } from 'react';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { errorText } from '../../session/errors';
import { LoadError } from '../dashboard/DashboardCard';
import { check } from '../tools/inputs';
import { useContractSpecsQuery } from '../tools/tools-api';
import { useMarginScenariosQuery, useRecordMarginSimulationMutation } from './practice-api';
import { SimulatorRun } from './SimulatorRun';

type Setup = Omit<MarginRunSetup, 'scenarioId'>;

function SetupForm({
  scenarios,
  specs,
  onStart,
}: {
  readonly scenarios: readonly MarginScenario[];
  readonly specs: readonly ContractSpec[];
  readonly onStart: (scenario: MarginScenario, setup: Setup) => void;
}) {
  const [scenarioId, setScenarioId] = useState(scenarios[0]?.id ?? '');
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [contracts, setContracts] = useState('1');
  const [balance, setBalance] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scenario = scenarios.find((s) => s.id === scenarioId);
  const spec = specs.find((s) => s.symbol === scenario?.contract);
  if (!scenario || !spec) return <Text color="fg.muted">No simulator paths are published yet.</Text>;
  const count = check('contracts', contracts);
  const start = check(
    'money',
    balance === '' ? String(spec.illustrativeMargin.initial * (count.ok ? count.value : 1) + 5000) : balance,
  );
  const contractsError =
    count.ok && count.value > MAX_SIMULATED_CONTRACTS
      ? `Enter a whole number of contracts from 1 to ${MAX_SIMULATED_CONTRACTS}.`
      : count.ok
        ? undefined
        : count.error;
  const submit = () => {
    if (!count.ok || contractsError || !start.ok) return setError('Correct the highlighted fields first.');
    const setup = { side, contracts: count.value, startingBalance: Math.round(start.value * 100) / 100 };
    const tried = simulateMargin(scenario, spec, setup, []);
    if (!tried.ok) return setError(tried.error);
    setError(null);
    onStart(scenario, setup);
  };
  return (
    <Stack
      as="form"
      gap="4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label htmlFor="sim-scenario">Path</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="sim-scenario"
              value={scenarioId}
              onChange={(e) => setScenarioId(e.currentTarget.value)}
            >
              {scenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="sim-side">Position</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="sim-side"
              value={side}
              onChange={(e) => setSide(e.currentTarget.value as 'long' | 'short')}
            >
              <option value="long">Long (bought)</option>
              <option value="short">Short (sold)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={contractsError !== undefined}>
          <Field.Label>Contracts of {spec.symbol}</Field.Label>
          <Input
            name="contracts"
            inputMode="numeric"
            value={contracts}
            onChange={(e) => setContracts(e.target.value)}
          />
          {contractsError ? <Field.ErrorText>{contractsError}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={!start.ok}>
          <Field.Label>Starting balance ($)</Field.Label>
          <Input
            name="startingBalance"
            inputMode="decimal"
            placeholder={start.ok ? String(start.value) : ''}
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
          />
          {start.ok ? (
            <Field.HelperText>
              Initial margin {money(spec.illustrativeMargin.initial)} and maintenance{' '}
              {money(spec.illustrativeMargin.maintenance)} a contract (illustrative,{' '}
              {spec.illustrativeMargin.asOf}).
            </Field.HelperText>
          ) : (
            <Field.ErrorText>{start.error}</Field.ErrorText>
          )}
        </Field.Root>
      </SimpleGrid>
      <Text color="fg.muted">{scenario.description}</Text>
      {error ? (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <Box>
        <Button type="submit">Start the run</Button>
      </Box>
    </Stack>
  );
}

function Debrief({
  outcome,
  half,
  setup,
  onAgain,
}: {
  readonly outcome: MarginOutcome;
  readonly half: MarginOutcome;
  readonly setup: Setup;
  readonly onAgain: () => void;
}) {
  return (
    <Stack gap="4" data-testid="simulator-debrief">
      <Heading as="h2" fontSize="lg">
        Debrief
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="3">
        {[
          ['Result of the trading', money(outcome.tradingResult, { signed: true })],
          ['Worst drawdown', money(outcome.worstDrawdown)],
          ['Margin calls', String(outcome.callsReceived)],
          ['Deposited', money(outcome.deposited)],
          ['Final balance', money(outcome.finalBalance)],
          [
            'Position',
            outcome.closedOnDay === null
              ? `${outcome.contractsAtEnd} contract${outcome.contractsAtEnd === 1 ? '' : 's'} at the end`
              : `Closed on day ${outcome.closedOnDay}`,
          ],
        ].map(([label, value]) => (
          <Box key={label}>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" m="0" fontSize="lg" fontWeight="semibold">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Text>
        The same path at half the size ({Math.max(1, Math.floor(setup.contracts / 2))} contract
        {Math.max(1, Math.floor(setup.contracts / 2)) === 1 ? '' : 's'}, every call met by a deposit):{' '}
        {half.callsReceived} margin call{half.callsReceived === 1 ? '' : 's'}, a worst drawdown of{' '}
        {money(half.worstDrawdown)} and a trading result of {money(half.tradingResult, { signed: true })}.
      </Text>
      <Box>
        <Button variant="outline" onClick={onAgain}>
          Try another run
        </Button>
      </Box>
    </Stack>
  );
}

export function MarginSimulatorPage() {
  usePageTitle('Margin-call simulator');
  const scenarios = useMarginScenariosQuery();
  const specs = useContractSpecsQuery();
  const [record, recording] = useRecordMarginSimulationMutation();
  const [run, setRun] = useState<{ scenario: MarginScenario; setup: Setup } | null>(null);
  const [debrief, setDebrief] = useState<{ outcome: MarginOutcome; half: MarginOutcome } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const spec = specs.data?.find((s) => s.symbol === run?.scenario.contract);
  const finish = async (responses: readonly MarginCallResponse[]) => {
    if (!run || !spec) return;
    const result = await record({ scenarioId: run.scenario.id, ...run.setup, responses: [...responses] });
    if ('error' in result)
      return setFailure(errorText(result.error, 'The run could not be recorded; please try again.'));
    setFailure(null);
    setDebrief({ outcome: result.data.outcome, half: atHalfSize(run.scenario, spec, run.setup) });
  };
  const error = scenarios.error ?? specs.error;
  return (
    <Stack gap="6" maxW="4xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
      <Stack gap="2">
        <Heading as="h1" textStyle="pageTitle">
          Margin-call simulator
        </Heading>
        <Text color="fg.muted">
          Hold a futures position through a run of daily settlements and see what variation margin does to an
          account. Every path is hypothetical and the money is pretend: nothing here is advice to trade.
        </Text>
      </Stack>
      <Alert.Root status="info" variant="subtle" data-testid="hypothetical-statement">
        <Alert.Description fontSize="sm">{HYPOTHETICAL_RESULTS_STATEMENT}</Alert.Description>
      </Alert.Root>
      {scenarios.data && specs.data ? (
        debrief && run ? (
          <Debrief
            outcome={debrief.outcome}
            half={debrief.half}
            setup={run.setup}
            onAgain={() => {
              setRun(null);
              setDebrief(null);
            }}
          />
        ) : run && spec ? (
          <SimulatorRun
            key={`${run.scenario.id}-${run.setup.side}`}
            scenario={run.scenario}
            spec={spec}
            setup={run.setup}
            onFinish={finish}
            finishing={recording.isLoading}
          />
        ) : (
          <SetupForm
            scenarios={scenarios.data}
            specs={specs.data}
            onStart={(scenario, setup) => setRun({ scenario, setup })}
          />
        )
      ) : error !== undefined ? (
        <LoadError
          what="the simulator"
          error={error}
          onRetry={() => {
            void scenarios.refetch();
            void specs.refetch();
          }}
        />
      ) : (
        <LoadingSpinner label="Loading the simulator…" />
      )}
      {failure ? (
        <Text color="fg.error" role="alert">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}
