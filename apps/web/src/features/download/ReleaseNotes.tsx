// One version's release notes, formatted from their Markdown: 'No
// release notes available.' when there are none, 'Failed to load release notes.' when they fail.
import { Text } from '@mantine/core';
import { ListLoading } from '../../components/ListStates';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { MarkdownView } from '../../public/docs/MarkdownView';
import { useReleaseNotesQuery } from './queries';

export function ReleaseNotes({ version }: { version: string }) {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  const notes = useReleaseNotesQuery(version);
  return (
    <SectionCard title={t('notes.title', { version })}>
      {notes.isPending ? (
        <ListLoading label={t('notes.loading')} />
      ) : notes.isError ? (
        <Text c="red" fz="sm" role="alert">
          {t('notes.failed')}
        </Text>
      ) : notes.data.notes.trim() ? (
        <MarkdownView markdown={notes.data.notes} minHeadingLevel={3} />
      ) : (
        <Text c="dimmed" fz="sm">
          {t('notes.empty')}
        </Text>
      )}
    </SectionCard>
  );
}
