// Which engine translates the station's primary language into each of its other languages: the
// station's own, this server's, or none, with what an admin can do about it.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { TTranslationCoverage } from '@message-station/shared';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../../sms-contacts/use-language-name';
import { useEngineName } from './use-engine-name';

export function CoverageTable({ coverage, unsaved }: { coverage: TTranslationCoverage; unsaved: boolean }) {
  const { t } = useTranslation('translationSettings');
  const languageName = useLanguageName();
  const engineName = useEngineName();
  return (
    <Stack gap="xs" component="section" aria-labelledby="translation-coverage-title">
      <Title order={2} fz="h4" id="translation-coverage-title">
        {t('coverage.title')}
      </Title>
      {coverage.languages.length === 0 ? (
        <Text fz="sm">{t('coverage.noLanguages')}</Text>
      ) : (
        <>
          <Text fz="sm">{t('coverage.intro', { from: languageName(coverage.from) })}</Text>
          {unsaved && (
            <Text fz="xs" c="dimmed">
              {t('unsaved')}
            </Text>
          )}
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('coverage.language')}</Table.Th>
                <Table.Th>{t('coverage.engine')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coverage.languages.map((row) => (
                <Table.Tr key={row.language}>
                  <Table.Td>{languageName(row.language)}</Table.Td>
                  <Table.Td>
                    {row.engine ? (
                      t(row.source === 'station' ? 'coverage.station' : 'coverage.operator', {
                        engine: engineName(row.engine),
                      })
                    ) : (
                      <>
                        <Text fz="sm" fw={600} c="red">
                          {t('coverage.none')}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {t('coverage.noneHint')}
                        </Text>
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
