// What the chosen archive of a version is: its file name, release date, size and SHA-256, from its
// release.json.
import { Code, Table, Text } from '@mantine/core';
import type { TAgentDownload } from '@message-station/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { archiveOf } from './platform';
import { useReleaseNotesQuery } from './queries';

export function ReleaseFacts({ version, platform }: { version: string; platform: TAgentDownload }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'download' });
  const release = useReleaseNotesQuery(version).data;
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  const archive = archiveOf(release, version, platform);
  const rows: { label: string; value: ReactNode }[] = [{ label: t('facts.file'), value: archive.fileName }];
  if (release?.released_at) {
    rows.push({
      label: t('facts.released'),
      value: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(release.released_at)),
    });
  }
  if (archive.sizeBytes) {
    rows.push({
      label: t('facts.size'),
      value: new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(archive.sizeBytes / 1_000_000),
    });
  }
  if (archive.sha256) {
    rows.push({
      label: t('facts.sha256'),
      value: (
        <Code fz="xs" style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
          {archive.sha256}
        </Code>
      ),
    });
  }
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={t('facts.label')}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w={120}>
              <Text fz="sm" fw={500} span>
                {row.label}
              </Text>
            </Table.Th>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
