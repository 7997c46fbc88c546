// What a version's zip is: its file name, release date, size and SHA-256, from its release.json.
import { Code, Table, Text } from '@mantine/core';
import { releaseZipName } from '@message-station/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReleaseNotesQuery } from './queries';

export function ReleaseFacts({ version }: { version: string }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'download' });
  const release = useReleaseNotesQuery(version).data;
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  const rows: { label: string; value: ReactNode }[] = [
    { label: t('facts.file'), value: releaseZipName(version) },
  ];
  if (release?.released_at) {
    rows.push({
      label: t('facts.released'),
      value: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(release.released_at)),
    });
  }
  if (release?.size_bytes) {
    rows.push({
      label: t('facts.size'),
      value: new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(release.size_bytes / 1_000_000),
    });
  }
  if (release?.sha256) {
    rows.push({
      label: t('facts.sha256'),
      value: (
        <Code fz="xs" style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
          {release.sha256}
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
