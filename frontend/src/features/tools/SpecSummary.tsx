/** A contract's specification in short: what one contract is, its tick, settlement, months and a dated margin. */
import { Box, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { CHECK_THE_EXCHANGE, type ContractSpec } from '@tickwise/contracts';
import { money, plain } from '@tickwise/contracts/calculator';

function Fact({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <Box>
      <Text
        as="dt"
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="wide"
        color="fg.muted"
      >
        {label}
      </Text>
      <Text as="dd" m="0" color="fg">
        {children}
      </Text>
    </Box>
  );
}

export function SpecSummary({
  spec,
  brief = false,
}: {
  readonly spec: ContractSpec;
  readonly brief?: boolean;
}) {
  const margin = spec.illustrativeMargin;
  return (
    <Box layerStyle="panel" p={{ base: '4', md: '5' }} data-testid="spec-summary">
      <Text fontWeight="semibold" mb="3">
        {spec.symbol} · {spec.name} ({spec.exchange})
      </Text>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="3">
        <Fact label="One contract">{spec.size}</Fact>
        <Fact label="Quoted in">{spec.quoteUnit}</Fact>
        <Fact label="Tick">
          {plain(spec.tickSize)} = {money(spec.tickValue)}; a move of 1 = {money(spec.multiplier)}
        </Fact>
        <Fact label="Settlement">{spec.settlement === 'cash' ? 'Cash-settled' : 'Physical delivery'}</Fact>
        {brief ? null : (
          <>
            <Fact label="How it settles">{spec.settlementSummary}</Fact>
            <Fact label="Listed months">{spec.listedMonths}</Fact>
          </>
        )}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" mt="3">
        Illustrative margin on {margin.asOf}: about {money(margin.initial)} to open one contract,{' '}
        {money(margin.maintenance)} to keep it. {CHECK_THE_EXCHANGE}{' '}
        <Link href={spec.specUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
          {spec.exchange} specification for {spec.symbol}
        </Link>
        .
      </Text>
    </Box>
  );
}
