import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ExportFormat } from '@tickwise/contracts';
import { useState } from 'react';
import { errorText } from '../../session/errors';
import { type Downloaded, downloadExport, formatBytes } from './download';

export interface ExportButtonsProps {
  /** What is exported, for the buttons' names: e.g. 'history', 'coverage report'. */
  readonly what: string;
  readonly urlOf: (format: ExportFormat) => string;
  /** The file name when the server names none (without extension). */
  readonly fallbackName: string;
}

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly format: ExportFormat }
  | { readonly kind: 'done'; readonly file: Downloaded }
  | { readonly kind: 'failed'; readonly message: string };

const formats: readonly { readonly format: ExportFormat; readonly label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

/** CSV and JSON exports, downloaded with the signed-in user's token; says what arrived or what failed. */
export function ExportButtons({ what, urlOf, fallbackName }: ExportButtonsProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const run = async (format: ExportFormat) => {
    setStatus({ kind: 'busy', format });
    try {
      const file = await downloadExport(urlOf(format), `${fallbackName}.${format}`);
      setStatus({ kind: 'done', file });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorText(error, 'The export failed.') });
    }
  };

  return (
    <Stack gap="1" align={{ base: 'flex-start', md: 'flex-end' }}>
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" aria-hidden="true">
          Export
        </Text>
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            size="sm"
            variant="outline"
            aria-label={`Export ${what} as ${label}`}
            loading={status.kind === 'busy' && status.format === format}
            disabled={status.kind === 'busy'}
            onClick={() => void run(format)}
          >
            {label}
          </Button>
        ))}
      </HStack>
      <Text
        role="status"
        fontSize="xs"
        color={status.kind === 'failed' ? 'red.300' : 'fg.muted'}
        data-testid="export-status"
        minH="4"
      >
        {status.kind === 'done'
          ? `Downloaded ${status.file.filename} (${formatBytes(status.file.bytes)})`
          : status.kind === 'failed'
            ? `Export failed: ${status.message}`
            : status.kind === 'busy'
              ? 'Preparing the export…'
              : ''}
      </Text>
    </Stack>
  );
}
