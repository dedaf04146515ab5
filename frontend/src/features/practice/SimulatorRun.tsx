/**
 * A run of the simulator, a day at a time: the day's settlement, variation margin and balance against the
 * maintenance line; a margin call stops the run until the learner answers it (deposit, reduce, close).
 */
import {
  Alert,
  Box,
  Button,
  chakra,
  Flex,
  Heading,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  type ContractSpec,
  type MarginCall,
  type MarginCallResponse,
  type MarginRunSetup,
  type MarginScenario,
  simulateMargin,
} from '@tickwise/contracts';
import { money } from '@tickwise/contracts/calculator';
import { useId, useState } from 'react';
import { ScrollTable } from '../../components/ScrollTable';
import { BalanceChart } from './BalanceChart';

export interface SimulatorRunProps {
  readonly scenario: MarginScenario;
  readonly spec: ContractSpec;
  readonly setup: Omit<MarginRunSetup, 'scenarioId'>;
  readonly onFinish: (responses: readonly MarginCallResponse[]) => void;
  readonly finishing: boolean;
}

function CallPanel({
  call,
  contracts,
  onAnswer,
}: {
  readonly call: MarginCall;
  readonly contracts: number;
  readonly onAnswer: (r: MarginCallResponse) => void;
}) {
  const [reduceTo, setReduceTo] = useState(call.canReduceTo);
  const id = useId();
  return (
    <Alert.Root status="warning" variant="surface" role="alert" data-testid="margin-call">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>Margin call on day {call.day}</Alert.Title>
        <Alert.Description>
          Your balance is below the maintenance line. Deposit {money(call.amount)} to bring it back to the
          initial margin of {contracts} contract{contracts === 1 ? '' : 's'}, hold fewer contracts, or close
          the position.
        </Alert.Description>
        <Flex gap="3" wrap="wrap" align="end">
          <Button onClick={() => onAnswer({ day: call.day, action: 'deposit' })}>
            Deposit {money(call.amount)}
          </Button>
          {call.canReduceTo > 0 ? (
            <Flex gap="2" align="end">
              <Box>
                <chakra.label htmlFor={id} fontSize="sm" display="block" mb="1">
                  Hold
                </chakra.label>
                <NativeSelect.Root size="sm" width="auto">
                  <NativeSelect.Field
                    id={id}
                    value={reduceTo}
                    onChange={(e) => setReduceTo(Number(e.currentTarget.value))}
                  >
                    {Array.from({ length: call.canReduceTo }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n} contract{n === 1 ? '' : 's'}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Box>
              <Button
                variant="outline"
                onClick={() => onAnswer({ day: call.day, action: 'reduce', contracts: reduceTo })}
              >
                Reduce the position
              </Button>
            </Flex>
          ) : null}
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => onAnswer({ day: call.day, action: 'close' })}
          >
            Close the position
          </Button>
        </Flex>
      </Stack>
    </Alert.Root>
  );
}

export function SimulatorRun({ scenario, spec, setup, onFinish, finishing }: SimulatorRunProps) {
  const [responses, setResponses] = useState<MarginCallResponse[]>([]);
  const [shown, setShown] = useState(0);
  const run = simulateMargin(scenario, spec, setup, responses);
  if (!run.ok) return <Text color="fg.error">{run.error}</Text>;
  const days = run.days.slice(0, shown);
  const call = run.pendingCall !== null && run.pendingCall.day <= shown ? run.pendingCall : null;
  const over = run.finished && shown >= run.days.length;
  const current = days.at(-1);
  return (
    <Stack gap="5">
      <Heading as="h2" fontSize="lg">
        {current
          ? `Day ${current.day} of ${scenario.days.length}: ${current.date}`
          : `Entry at ${scenario.entryPrice} — ${setup.side} ${setup.contracts} ${spec.symbol}`}
      </Heading>
      <BalanceChart start={setup.startingBalance} days={days} />
      {call ? (
        <CallPanel
          call={call}
          contracts={current?.contracts ?? setup.contracts}
          onAnswer={(r) => setResponses((all) => [...all, r])}
        />
      ) : null}
      <Flex gap="3" wrap="wrap">
        {over ? (
          <Button onClick={() => onFinish(responses)} loading={finishing} loadingText="Recording the run…">
            See the debrief
          </Button>
        ) : (
          <Button onClick={() => setShown((n) => n + 1)} disabled={call !== null}>
            {shown === 0 ? 'Start day 1' : 'Next day'}
          </Button>
        )}
      </Flex>
      {days.length > 0 ? (
        <ScrollTable
          borderWidth="1px"
          rounded="md"
          caption="Each day's settlement, variation margin and balance (hypothetical)"
          tableProps={{ size: 'sm', 'data-testid': 'simulator-days' }}
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Settlement</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Variation</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Maintenance</Table.ColumnHeader>
              <Table.ColumnHeader>Answer</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {days.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{d.day}</Table.Cell>
                <Table.Cell textAlign="end">
                  {d.settle.toLocaleString('en-US', {
                    minimumFractionDigits: spec.priceDecimals > 2 ? 2 : spec.priceDecimals,
                  })}
                </Table.Cell>
                <Table.Cell textAlign="end">{money(d.variation, { signed: true })}</Table.Cell>
                <Table.Cell textAlign="end">{money(d.balance)}</Table.Cell>
                <Table.Cell textAlign="end">{money(d.maintenance)}</Table.Cell>
                <Table.Cell>
                  {d.response === null
                    ? d.call
                      ? 'Call: waiting'
                      : ''
                    : d.response.action === 'deposit'
                      ? `Deposited ${money(d.call?.amount ?? 0)}`
                      : d.response.action === 'reduce'
                        ? `Reduced to ${d.response.contracts}`
                        : 'Closed'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      ) : null}
    </Stack>
  );
}
