/**
 * The Compliance Center's Risk Assessment tab: the latest assessment, Renew or Start (the assessment
 * dialog), and the regulatory warnings with their acknowledge action.
 */
import { Badge, Box, Button, DataList, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { RegulatoryWarning } from '@tickwise/contracts';
import { warningTypeLabel } from '@tickwise/contracts/words';
import { type ReactNode, useState } from 'react';
import { toast } from '../../components/toast-store';
import { errorText } from '../../session/errors';
import {
  useAcknowledgeWarningMutation,
  useRegulatoryWarningsQuery,
  useRiskAssessmentsQuery,
} from './compliance-api';
import {
  experienceLevels,
  financialSituations,
  investmentObjectives,
  labelOf,
  messages,
  RISK_CAPACITY,
} from './constants';
import { QueryState } from './QueryState';
import { formatDate, formatDateTime, riskStatus } from './status';

export function RiskTab({
  onAssess,
  assessButton,
}: {
  readonly onAssess: () => void;
  readonly assessButton: React.RefObject<HTMLButtonElement | null>;
}) {
  const assessments = useRiskAssessmentsQuery();
  const latest = assessments.data?.[0];
  const status = riskStatus(assessments.data);

  return (
    <Stack gap="8">
      <QueryState isLoading={assessments.isLoading} error={assessments.error} label="your risk assessment">
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Flex gap="2" align="center">
              <Heading as="h2" fontSize="lg" textStyle="subtitle">
                Your risk assessment
              </Heading>
              <Badge colorPalette={status === 'Current' ? 'green' : 'orange'} variant="subtle">
                {status}
              </Badge>
            </Flex>
            <Button ref={assessButton} onClick={onAssess}>
              {latest === undefined ? 'Start Assessment' : 'Renew Assessment'}
            </Button>
          </Flex>
          {latest === undefined ? (
            <Text color="fg.muted">You have not completed a risk assessment yet.</Text>
          ) : (
            <DataList.Root orientation="horizontal" gap="2" data-testid="risk-summary">
              <Item label="Experience">{labelOf(experienceLevels, latest.experienceLevel)}</Item>
              <Item label="Financial situation">
                {labelOf(financialSituations, latest.financialSituation)}
              </Item>
              <Item label="Investment objective">
                {labelOf(investmentObjectives, latest.investmentObjective)}
              </Item>
              <Item label="Risk capacity">
                {latest.riskCapacity} / {RISK_CAPACITY.max}
              </Item>
              <Item label="Annual income">{latest.annualIncome ?? 'Not given'}</Item>
              <Item label="Net worth">{latest.netWorth ?? 'Not given'}</Item>
              <Item label="Completed">{formatDate(latest.createdAt)}</Item>
              <Item label={status === 'Current' ? 'Valid until' : 'Expired on'}>
                {formatDate(latest.expiresAt)}
              </Item>
            </DataList.Root>
          )}
        </Stack>
      </QueryState>
      <WarningsList />
    </Stack>
  );
}

function Item({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel color="fg.muted" minW={{ base: '36', sm: '44' }}>
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function WarningsList() {
  const warnings = useRegulatoryWarningsQuery();
  const [acknowledgeWarning] = useAcknowledgeWarningMutation();
  const [pending, setPending] = useState<string | null>(null);

  const onAcknowledge = async (warning: RegulatoryWarning) => {
    if (pending !== null) return;
    setPending(warning.id);
    try {
      await acknowledgeWarning(warning.id).unwrap();
      toast({
        title: messages.warningAcknowledged,
        description: messages.acknowledgmentRecorded,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: messages.errorTitle,
        description: errorText(error, messages.acknowledgeWarningFailed),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="4">
      <Heading as="h2" fontSize="lg" textStyle="subtitle">
        Regulatory Warnings
      </Heading>
      <QueryState isLoading={warnings.isLoading} error={warnings.error} label="warnings">
        {(warnings.data ?? []).length === 0 ? (
          <Text color="fg.muted">No regulatory warnings.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Regulatory warnings">
            {(warnings.data ?? []).map((w) => (
              <Box
                as="li"
                key={w.id}
                data-testid="regulatory-warning"
                p="4"
                rounded="lg"
                bg="bg.muted"
                borderWidth="1px"
                borderColor="border"
                borderStartWidth="4px"
                borderStartColor={w.acknowledged ? 'green.500' : 'orange.400'}
              >
                <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
                  <Stack gap="1" flex="1" minW="60">
                    <Flex gap="2" align="center" wrap="wrap">
                      <Heading as="h3" fontSize="md" textStyle="subtitle">
                        {warningTypeLabel(w.warningType)}
                      </Heading>
                      <Badge colorPalette={w.acknowledged ? 'green' : 'orange'} variant="subtle">
                        {w.acknowledged ? 'Acknowledged' : 'Unacknowledged'}
                      </Badge>
                    </Flex>
                    <Text color="fg.muted" fontSize="sm">
                      {w.message}
                    </Text>
                    <Text color="fg.subtle" fontSize="xs">
                      Issued {formatDateTime(w.createdAt)}
                    </Text>
                  </Stack>
                  {w.acknowledged ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onAcknowledge(w)}
                      loading={pending === w.id}
                      loadingText="Acknowledging…"
                      aria-label={`Acknowledge warning: ${warningTypeLabel(w.warningType)}`}
                    >
                      Acknowledge
                    </Button>
                  )}
                </Flex>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
