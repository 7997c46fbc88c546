// The marks beside a list of languages to tick (signup step 3, Settings' Supported Languages): what
// each would get from the engines (decision 0050), a legend, and the plain note for the ticked
// languages no engine covers yet. The caller says where the statuses come from.
import { Alert, Text } from '@mantine/core';
import type { TCoverageStatus } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { HelpText } from '../LearnMore';
import { CoverageMark } from './CoverageMark';

export type TLanguageCoverageRow = { language: string; status: TCoverageStatus; engine?: string | null };

export type TLanguageMarks = {
  /** Coverage could not be read: say so once, mark nothing. */
  failed: boolean;
  /** The checkbox's description: the language's mark, "Primary language", or nothing yet. */
  mark(language: string): ReactNode;
  /** Among `chosen`, the languages no engine covers. */
  needsSetup(chosen: readonly string[]): string[];
};

export function useLanguageMarks(
  from: string,
  rows: readonly TLanguageCoverageRow[] | undefined,
  failed: boolean,
): TLanguageMarks {
  const { t } = useTranslation('translationSettings');
  const byLanguage = new Map((rows ?? []).map((row) => [row.language, row]));
  return {
    failed,
    mark(language) {
      if (language === from) {
        return rows ? (
          <Text span fz="xs" c="dimmed">
            {t('languageMark.primary')}
          </Text>
        ) : undefined;
      }
      const row = byLanguage.get(language);
      return row ? <CoverageMark status={row.status} engine={row.engine} /> : undefined;
    },
    needsSetup: (chosen) =>
      chosen.filter((language) => language !== from && byLanguage.get(language)?.status === 'needs_setup'),
  };
}

/** A language's name inside a sentence: Spanish writes it in lower case ("suscriptores en coreano"). */
function useNameInSentence(): (code: string) => string {
  const { i18n } = useTranslation();
  const languageName = useLanguageName();
  const spanish = i18n.language.startsWith('es');
  return (code) => (spanish ? languageName(code).toLocaleLowerCase('es') : languageName(code));
}

/** The legend under the list, or why there are no marks. */
export function LanguageMarksLegend({ marks, from }: { marks: TLanguageMarks; from: string }) {
  const { t } = useTranslation('translationSettings');
  const nameInSentence = useNameInSentence();
  return (
    <Text fz="xs" c="dimmed">
      {marks.failed ? (
        t('languageMark.unknown')
      ) : (
        <HelpText
          short={t('languageMark.legend', { from: nameInSentence(from) })}
          more={t('languageMark.legendMore')}
        />
      )}
    </Text>
  );
}

/**
 * "No translation engine yet: only emergency templates reach German and Korean subscribers until
 * you add an engine in Settings → Translation." for the ticked languages no engine covers.
 */
export function NeedsSetupNote({ languages }: { languages: readonly string[] }) {
  const { t, i18n } = useTranslation('translationSettings');
  const nameInSentence = useNameInSentence();
  if (languages.length === 0) return null;
  const spanish = i18n.language.startsWith('es');
  const names = languages.map(nameInSentence);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      role="status"
      data-testid="needs-setup-note"
    >
      {t('languageMark.needsSetupNote', {
        languages: new Intl.ListFormat(spanish ? 'es' : 'en', { type: 'conjunction' }).format(names),
      })}
    </Alert>
  );
}
