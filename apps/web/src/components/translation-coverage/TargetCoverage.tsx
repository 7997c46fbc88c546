// The create form's view of translation coverage: each target language marked with the engine that
// translates it from the original language, and a notice naming the chosen languages no engine
// covers, with the way to Settings → Translation for admins.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { actsAsStationAdmin, type TLanguageCode } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session-user';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useTranslationCoverageQuery } from '../../lib/station-queries';
import { useEngineName } from './use-engine-name';

export type TTargetCoverage = {
  /** Coverage could not be read (the form still works). */
  failed: boolean;
  /** The languages among `targets` that no engine covers. */
  uncovered(targets: string[]): string[];
  /** The pill's colour: orange for a language no engine covers (so it stands out when chosen). */
  color(language: string): string | undefined;
  /** What to show after a language's name on its pill: the engine, or "no engine". */
  mark(language: string): ReactNode;
};

export function useTargetCoverage(from: TLanguageCode): TTargetCoverage {
  const { t } = useTranslation('translationSettings');
  const engineName = useEngineName();
  const query = useTranslationCoverageQuery(from);
  const byLanguage = new Map((query.data?.languages ?? []).map((row) => [row.language as string, row]));
  return {
    failed: query.isError,
    uncovered: (targets) => targets.filter((code) => byLanguage.get(code)?.engine === null),
    color: (language) => (byLanguage.get(language)?.engine === null ? 'orange' : undefined),
    mark(language) {
      const row = byLanguage.get(language);
      if (!row) return null;
      if (row.engine) {
        return (
          // Full strength: faded, the pill's text would fall below AA contrast.
          <Text span fz="xs" c="inherit" fw={400} ml={6}>
            {engineName(row.engine)}
          </Text>
        );
      }
      // Inherits the pill's text colour, readable on its filled (chosen) and outlined states.
      return (
        <Text span fz="xs" c="inherit" ml={6}>
          <IconAlertTriangle size={12} aria-hidden="true" style={{ verticalAlign: -1 }} />{' '}
          {t('createForm.notCovered')}
        </Text>
      );
    },
  };
}

export function TargetCoverageNotice({
  coverage,
  targets,
  from,
}: {
  coverage: TTargetCoverage;
  targets: string[];
  from: string;
}) {
  const { t, i18n } = useTranslation('translationSettings');
  const languageName = useLanguageName();
  const admin = actsAsStationAdmin(useSessionUser());
  if (coverage.failed) {
    return (
      <Text fz="xs" c="dimmed">
        {t('createForm.coverageUnknown')}
      </Text>
    );
  }
  const uncovered = coverage.uncovered(targets);
  if (uncovered.length === 0) return null;
  const words = {
    from: languageName(from),
    languages: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      uncovered.map((c) => languageName(c)),
    ),
  };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      role="status"
    >
      <Stack gap={4}>
        <Text fz="sm">
          {admin ? t('createForm.uncoveredAdmin', words) : t('createForm.uncoveredStaff', words)}
        </Text>
        {admin && (
          <Anchor component={Link} to="/admin/settings?tab=translation" fz="sm">
            {t('createForm.openSettings')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
