// The connected machines on a phone (decision 0043): the table's columns as one card per machine, so
// the page never scrolls sideways. The same fields and words as MachinesTable.
import { Badge, Box, Paper, Stack, Text } from '@mantine/core';
import type { TConnectedClient } from '@message-station/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { skippedHere, voicePairs } from '../../lib/clients-list';
import { AudioDevice } from './AudioDevice';
import { useLastSeenNow } from './last-seen';
import { MachineName } from './MachineName';
import { SkippedLanguages } from './SkippedLanguages';

export function MachineCards({
  clients,
  stationLanguages,
}: {
  clients: TConnectedClient[];
  /** The station's languages, null while unknown (then every skipped language is shown). */
  stationLanguages: readonly string[] | null;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'machines' });
  const lastSeen = useLastSeenNow();

  return (
    <Stack gap="sm">
      {clients.map((client) => {
        const voices = voicePairs(client.voices);
        const skipped = skippedHere(client.skipped_languages, stationLanguages);
        return (
          <Paper
            key={client.client_id}
            component="article"
            aria-label={client.client_name}
            withBorder
            radius="md"
            p="sm"
            data-client-id={client.client_id}
          >
            <MachineName name={client.client_name} fw={600} />
            <Box
              component="dl"
              m={0}
              mt="xs"
              style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px 12px' }}
            >
              <Field label={t('columns.platform')}>{client.platform}</Field>
              <Field label={t('columns.audioDevice')}>
                <AudioDevice device={client.audio_output_device} />
              </Field>
              <Field label={t('columns.version')}>{client.client_version}</Field>
              <Field label={t('columns.lastSeen')}>
                <time dateTime={client.last_seen} title={formatDateTime(client.last_seen)}>
                  {lastSeen(client.last_seen)}
                </time>
              </Field>
              <Field label={t('columns.voices')} wide>
                {voices || (
                  <Badge variant="light" color="yellow" tt="none">
                    {t('notConfigured')}
                  </Badge>
                )}
                <SkippedLanguages codes={skipped} />
              </Field>
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** `wide`: across both columns (the voices of nine languages are long). */
function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
