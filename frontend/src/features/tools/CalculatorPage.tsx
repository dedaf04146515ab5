/**
 * /tools/calculator: the contract calculator on a page of its own, for every signed-in learner. A link may
 * name the contract and what to work out: /tools/calculator?contract=MES&mode=size.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { isCalculatorMode } from '@tickwise/contracts';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { LoadError } from '../dashboard/DashboardCard';
import { ContractCalculator } from './ContractCalculator';
import { useContractSpecsQuery } from './tools-api';

export function CalculatorPage() {
  usePageTitle('Contract calculator');
  const specs = useContractSpecsQuery();
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? '';
  return (
    <Stack gap="6" maxW="4xl" mx="auto" py={{ base: '8', md: '12' }} px="4">
      <Stack gap="2">
        <Heading as="h1" textStyle="pageTitle">
          Contract calculator
        </Heading>
        <Text color="fg.muted">
          Try the numbers before risking money: what a contract controls, what a move makes or loses, how much
          of an account a position ties up, how many contracts a stop allows, and what a round turn costs.
          Each result shows its formula. Educational only: not advice to trade.
        </Text>
      </Stack>
      {specs.data !== undefined ? (
        <ContractCalculator
          specs={specs.data}
          symbol={params.get('contract') ?? 'ES'}
          mode={isCalculatorMode(mode) ? mode : 'notional'}
        />
      ) : specs.error !== undefined ? (
        <LoadError what="the contract specifications" error={specs.error} onRetry={specs.refetch} />
      ) : (
        <LoadingSpinner label="Loading the contract specifications…" />
      )}
    </Stack>
  );
}
