// The Message Types tab in a language other than the primary one: each type's name and
// description as subscribers reading that language see them, where they came from, and a save.
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TEXT_LIMITS, type TTypeTranslation } from '@message-station/shared';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { serverErrorText } from '../../api/client';
import { countedProps } from '../../components/TextLimit';
import { useTranslation } from '../../i18n/react';
import { useSaveTypeTranslationsMutation } from './type-translation-queries';

type TypeTranslationsEditorProps = {
  /** This language's rows, one per type, in display order. */
  rows: TTypeTranslation[];
  languageName: string;
  levelOf: (messageType: string) => string;
  colorOf: (messageType: string) => string;
};

const SOURCE_COLORS = { default: 'gray', machine: 'yellow', staff: 'teal', none: 'red' } as const;

export function TypeTranslationsEditor({
  rows,
  languageName,
  levelOf,
  colorOf,
}: TypeTranslationsEditorProps) {
  const { t } = useTranslation('settings');
  const save = useSaveTypeTranslationsMutation();
  const [draft, setDraft] = useState(rows);
  // A new language, or fresh rows after a save: start from what the server has.
  useEffect(() => setDraft(rows), [rows]);

  const changed = draft.filter((row, index) => {
    const saved = rows[index];
    return saved && (saved.display_name !== row.display_name || saved.description !== row.description);
  });
  const update = (index: number, patch: Partial<TTypeTranslation>) =>
    setDraft(draft.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="md">
      {draft.map((row, index) => {
        const source = row.source ?? 'none';
        const level = levelOf(row.message_type);
        return (
          <Card
            key={row.message_type_id}
            withBorder
            radius="md"
            padding="lg"
            data-message-type={row.message_type}
            style={{ borderLeft: `4px solid ${colorOf(row.message_type)}` }}
          >
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{level}</Text>
              <Badge color={SOURCE_COLORS[source]} variant="light">
                {t(`messageTypes.sources.${source}`)}
              </Badge>
            </Group>
            <Stack gap="sm">
              <TextInput
                label={t('messageTypes.displayName')}
                aria-label={`${level}: ${t('messageTypes.displayName')} (${languageName})`}
                value={row.display_name}
                maxLength={TEXT_LIMITS.typeName}
                onChange={(event) => update(index, { display_name: event.currentTarget.value })}
              />
              <Textarea
                label={t('messageTypes.description')}
                aria-label={`${level}: ${t('messageTypes.description')} (${languageName})`}
                autosize
                minRows={2}
                maxRows={5}
                {...countedProps(row.description, TEXT_LIMITS.typeDescription)}
                value={row.description}
                onChange={(event) => update(index, { description: event.currentTarget.value })}
              />
            </Stack>
          </Card>
        );
      })}
      {save.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {serverErrorText(save.error, t('messageTypes.saveFailed'))}
        </Alert>
      )}
      {save.isSuccess && changed.length === 0 && (
        <Alert color="green" icon={<IconCheck size={18} aria-hidden="true" />} role="status">
          {t('messageTypes.saved', { language: languageName })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={changed.length === 0}
          loading={save.isPending}
          onClick={() => save.mutate(changed)}
        >
          {t('messageTypes.saveLanguage', { language: languageName })}
        </Button>
      </Group>
    </Stack>
  );
}
