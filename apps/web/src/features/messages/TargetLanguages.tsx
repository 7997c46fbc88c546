// The target languages a new message is written into, picked the same way by the message form and
// the emergency templates: the station's languages (never the original), as toggle pills. With
// coverage (the form), each pill is marked with the engine that translates it from the original,
// and what that engine's text means for a send (decision 0050): a language no engine covers
// "needs setup" (only emergency templates reach it; other messages arrive in the original with a
// note), the offline engine's texts wait for review before sending. The emergency templates pass
// no coverage: the phrasebook writes every language itself.
import { Chip, Group, Input, Text, Tooltip } from '@mantine/core';
import { LANGUAGE_CODES, type TLanguageCode, type TLanguageCoverage } from '@message-station/shared';
import { IconAlertTriangle, IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TStationLanguage } from '../../api/sms-contacts';
import { HelpText } from '../../components/LearnMore';
import {
  type TTargetCoverage,
  useTargetCoverage,
} from '../../components/translation-coverage/TargetCoverage';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useTranslationCoverageQuery } from '../../lib/station-queries';

/**
 * The station's languages (an edited message keeps the targets it has), never the original: its
 * subscribers read no other, so translating into one would only cost time and engine quota. A
 * station that speaks only the original's language has none of its own to offer, while a message
 * needs one target: then every language is offered (`all`), and the form says why.
 */
export function targetChoices(
  languages: TStationLanguage[],
  original: string,
  kept: string[] = [],
): { codes: string[]; all: boolean } {
  const station = languages.map((language) => language.language_code);
  const nine: readonly string[] = LANGUAGE_CODES;
  const ordered = [...station, ...kept.filter((code) => !station.includes(code))];
  const codes = ordered.filter((code) => nine.includes(code) && code !== original);
  if (codes.length > 0) return { codes, all: false };
  return { codes: nine.filter((code) => code !== original), all: true };
}

/** A new message's targets: the station's active languages other than the original. */
export function defaultTargets(languages: TStationLanguage[], original: string): string[] {
  return languages.map((language) => language.language_code).filter((code) => code !== original);
}

/** What each target means for a send, from the coverage the form reads (decision 0050). */
export type TTargetMarks = {
  coverage: TTargetCoverage;
  /** The row of `language`, when the server said (an older server answers no `status`). */
  row(language: string): TLanguageCoverage | undefined;
};

export function useTargetMarks(from: TLanguageCode): TTargetMarks {
  const coverage = useTargetCoverage(from);
  // The same query the coverage reads: one request, answered from the cache.
  const query = useTranslationCoverageQuery(from);
  const rows = new Map((query.data?.languages ?? []).map((row) => [row.language as string, row]));
  return { coverage, row: (language) => rows.get(language) };
}

/** No engine covers it: only the phrasebook reaches its subscribers in their language. */
function needsSetup(row: TLanguageCoverage | undefined): boolean {
  return row?.status === 'needs_setup';
}

/** The offline engine covers it: its text is sent unattended only once staff reviewed it. */
function offlineReview(row: TLanguageCoverage | undefined): boolean {
  return row?.status === 'review' && row.engine === 'apertium';
}

function PillMark({ marks, language }: { marks: TTargetMarks; language: string }) {
  const { t } = useTranslation('messages');
  const row = marks.row(language);
  if (needsSetup(row)) {
    // Inherits the pill's text colour, readable on its filled (chosen) and outlined states.
    return (
      <Tooltip label={t('form.coverage.needsSetupHelp')} withArrow multiline maw={300}>
        <Text span fz="xs" c="inherit" ml={6} data-coverage-mark="needs_setup">
          <IconTool size={12} aria-hidden="true" style={{ verticalAlign: -1 }} />{' '}
          {t('form.coverage.needsSetup')}
        </Text>
      </Tooltip>
    );
  }
  if (offlineReview(row)) {
    return (
      <Tooltip label={t('form.coverage.offlineReviewHelp')} withArrow multiline maw={300}>
        <Text span fz="xs" c="inherit" ml={6} data-coverage-mark="review">
          <IconAlertTriangle size={12} aria-hidden="true" style={{ verticalAlign: -1 }} />{' '}
          {t('form.coverage.offlineReview')}
        </Text>
      </Tooltip>
    );
  }
  return marks.coverage.mark(language);
}

const PILL_STYLES = {
  root: { maxWidth: '100%' },
  label: {
    height: 'auto',
    minHeight: 'var(--chip-size)',
    maxWidth: '100%',
    whiteSpace: 'normal',
    lineHeight: 1.3,
    paddingBlock: 4,
  },
} as const;

type TargetLanguagePickerProps = {
  languages: TStationLanguage[];
  original: string;
  /** Targets an edited message keeps although the station no longer speaks them. */
  kept?: string[];
  value: string[];
  onChange: (targets: string[]) => void;
  /** The form's coverage marks; none where every language is written without an engine. */
  marks?: TTargetMarks;
  /** The help below the label (none by default: the pills say what they do). */
  description?: ReactNode;
};

export function TargetLanguagePicker({
  languages,
  original,
  kept = [],
  value,
  onChange,
  marks,
  description,
}: TargetLanguagePickerProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const choices = targetChoices(languages, original, kept);
  const unset = marks ? choices.codes.filter((code) => needsSetup(marks.row(code))) : [];
  return (
    <Input.Wrapper
      label={t('form.targetLanguages')}
      description={
        choices.all ? (
          <HelpText
            short={t('form.targetsOneLanguage', { language: languageName(original) })}
            more={t('form.targetsOneLanguageMore')}
          />
        ) : (
          description
        )
      }
      labelElement="div"
      withAsterisk
      // Submit stays disabled without a target; this says why.
      error={value.length === 0 ? t('form.targetsRequired') : undefined}
    >
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap={6} mt={6} role="group" aria-label={t('form.targetLanguages')}>
          {choices.codes.map((code) => (
            <Chip
              key={code}
              value={code}
              size="sm"
              color={marks?.coverage.color(code)}
              aria-label={languageName(code)}
              // A long mark wraps inside its pill on a phone instead of running off the screen.
              styles={PILL_STYLES}
            >
              <span>
                <span>{languageName(code)}</span>
                {marks && <PillMark marks={marks} language={code} />}
              </span>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {/* The tooltip's words, in view: a phone has no hover. */}
      {unset.length > 0 && (
        <Text fz="xs" mt={6} data-needs-setup-note>
          <HelpText
            short={t('form.coverage.needsSetupNote', {
              languages: unset.map((code) => languageName(code)).join(', '),
              count: unset.length,
            })}
            more={t('form.coverage.needsSetupNoteMore', { count: unset.length })}
          />
        </Text>
      )}
    </Input.Wrapper>
  );
}
