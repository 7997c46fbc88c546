// The connected machines: Client Name, Platform, Audio Device ('Default' if none), Voices ('EN:
// en-us, ES: es-419', else 'Not configured', and the station's languages it skips), Version, Last
// Seen.
import { Badge, Table, Text } from '@mantine/core';
import type { TConnectedClient } from '@message-station/shared';
import { ListTable } from '../../components/ListTable';
import { formatDateTime } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { skippedHere, voicePairs } from '../../lib/clients-list';
import { AudioDevice } from './AudioDevice';
import { useLastSeenNow } from './last-seen';
import { MachineName } from './MachineName';
import { SkippedLanguages } from './SkippedLanguages';

export function MachinesTable({
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
    <ListTable
      columns={[
        t('columns.name'),
        t('columns.platform'),
        t('columns.audioDevice'),
        t('columns.voices'),
        t('columns.version'),
        t('columns.lastSeen'),
      ]}
    >
      {clients.map((client) => {
        const voices = voicePairs(client.voices);
        const skipped = skippedHere(client.skipped_languages, stationLanguages);
        return (
          <Table.Tr key={client.client_id} data-client-id={client.client_id}>
            <Table.Td miw={160}>
              <MachineName name={client.client_name} fz="sm" fw={500} />
            </Table.Td>
            <Table.Td miw={120}>{client.platform}</Table.Td>
            <Table.Td miw={120} style={{ overflowWrap: 'anywhere' }}>
              <AudioDevice device={client.audio_output_device} />
            </Table.Td>
            <Table.Td miw={180} maw={300}>
              {voices ? (
                <Text fz="sm">{voices}</Text>
              ) : (
                <Badge variant="light" color="yellow" tt="none">
                  {t('notConfigured')}
                </Badge>
              )}
              <SkippedLanguages codes={skipped} />
            </Table.Td>
            <Table.Td miw={72} style={{ whiteSpace: 'nowrap' }}>
              {client.client_version}
            </Table.Td>
            {/* Wide enough for its header on one line. */}
            <Table.Td miw={100} style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={client.last_seen} title={formatDateTime(client.last_seen)}>
                {lastSeen(client.last_seen)}
              </time>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
