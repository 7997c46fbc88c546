// Which engine translates the station's primary language into each of its other languages: the
// station's own, this server's, or none, and what that language's subscribers get from it
// (trusted, needs review, needs setup: decision 0050), with what an admin can do about it.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { TTranslationCoverage } from '@message-station/shared';
import { HelpText } from '../../../components/LearnMore';
import { CoverageMark } from '../../../components/translation-coverage/CoverageMark';
import { useEngineName } from '../../../components/translation-coverage/use-engine-name';
import { useTranslation } from '../../../i18n/react';
import { useLanguageName } from '../../../i18n/use-language-name';

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
                <Table.Th>{t('status.title')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coverage.languages.map((row) => (
                <Table.Tr key={row.language}>
                  <Table.Td>{languageName(row.language)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.engine
                      ? t(row.source === 'station' ? 'coverage.station' : 'coverage.operator', {
                          engine: engineName(row.engine),
                        })
                      : t('coverage.none')}
                  </Table.Td>
                  <Table.Td>
                    <CoverageMark status={row.status} engine={row.engine} variant="status" />
                    <Text fz="xs" c="dimmed">
                      {row.status === 'trusted' ? (
                        t('status.trustedHint')
                      ) : (
                        <HelpText
                          short={t(row.status === 'review' ? 'status.reviewHint' : 'status.needsSetupHint')}
                          more={t(
                            row.status === 'review' ? 'status.reviewHintMore' : 'status.needsSetupHintMore',
                          )}
                        />
                      )}
                    </Text>
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
