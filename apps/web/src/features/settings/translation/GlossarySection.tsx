// Settings → Translation → Glossary: terms every engine keeps as written, or writes the
// station's way in a language. Saved on its own, whole, with its own button.
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { GLOSSARY_LIMITS, type TGlossary, type TGlossaryRequest } from '@message-station/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getGlossary, saveGlossary } from '../../../api/glossary';
import { queryKeys } from '../../../api/query-keys';
import { HelpText } from '../../../components/LearnMore';
import { useTranslation } from '../../../i18n/react';
import { useLanguageName } from '../../../i18n/use-language-name';
import { useStationSettingsQuery } from '../queries';
import { SaveNotice } from '../SaveNotice';

type TTermDraft = { key: number; term: string; translations: Record<string, string> };

let nextKey = 0;
const draftOf = (term: TGlossary['terms'][number]): TTermDraft => ({ key: nextKey++, ...term });

function requestOf(drafts: TTermDraft[]): TGlossaryRequest {
  return {
    terms: drafts
      .filter((draft) => draft.term.trim())
      .map(({ term, translations }) => ({ term: term.trim(), translations })),
  };
}

export function GlossarySection() {
  const { t } = useTranslation('glossary');
  const glossary = useQuery({ queryKey: queryKeys.glossary, queryFn: ({ signal }) => getGlossary(signal) });
  const settings = useStationSettingsQuery();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="glossary-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="glossary-title">
          {t('title')}
        </Title>
        <Text fz="sm" c="dimmed">
          <HelpText short={t('intro')} more={t('introMore')} />
        </Text>
        {glossary.isError || settings.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : !glossary.data || !settings.data ? (
          <Text fz="sm" c="dimmed">
            {t('loading')}
          </Text>
        ) : (
          <GlossaryForm
            saved={glossary.data}
            languages={settings.data.supported_languages.filter(
              (code) => code !== settings.data.primary_language,
            )}
          />
        )}
      </Stack>
    </Card>
  );
}

function GlossaryForm({ saved, languages }: { saved: TGlossary; languages: string[] }) {
  const { t } = useTranslation('glossary');
  const languageName = useLanguageName();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<TTermDraft[]>(() => saved.terms.map(draftOf));
  const save = useMutation({
    mutationFn: saveGlossary,
    onSuccess: (next) => {
      queryClient.setQueryData(queryKeys.glossary, next);
      setDrafts(next.terms.map(draftOf));
    },
  });
  const changed = JSON.stringify(requestOf(drafts)) !== JSON.stringify(requestOf(saved.terms.map(draftOf)));
  const edit = (key: number, patch: Partial<TTermDraft>) => {
    save.reset();
    setDrafts(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  };

  return (
    <Stack gap="sm">
      {drafts.length === 0 && <Text fz="sm">{t('empty')}</Text>}
      {drafts.map((draft, index) => {
        const name = draft.term.trim() || t('termLabel', { number: index + 1 });
        return (
          <Group key={draft.key} align="flex-end" gap="sm" data-glossary-term={draft.term}>
            <TextInput
              label={t('term')}
              aria-label={t('termLabel', { number: index + 1 })}
              placeholder={t('termPlaceholder')}
              value={draft.term}
              maxLength={GLOSSARY_LIMITS.term}
              onChange={(event) => edit(draft.key, { term: event.currentTarget.value })}
              w={240}
              maw="100%"
            />
            {languages.map((code) => (
              <TextInput
                key={code}
                label={languageName(code)}
                aria-label={t('wordsIn', { term: name, language: languageName(code) })}
                placeholder={t('keep')}
                value={draft.translations[code] ?? ''}
                maxLength={GLOSSARY_LIMITS.term}
                onChange={(event) =>
                  edit(draft.key, {
                    translations: { ...draft.translations, [code]: event.currentTarget.value },
                  })
                }
                w={200}
                maw="100%"
              />
            ))}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={
                draft.term.trim() ? t('remove', { term: name }) : t('removeUnnamed', { number: index + 1 })
              }
              onClick={() => {
                save.reset();
                setDrafts(drafts.filter((other) => other.key !== draft.key));
              }}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={drafts.length >= GLOSSARY_LIMITS.terms}
          onClick={() => {
            save.reset();
            setDrafts([...drafts, draftOf({ term: '', translations: {} })]);
          }}
        >
          {t('add')}
        </Button>
        {/* Secondary: the tab's filled action is Save translation engines (docs/design.md "Actions"). */}
        <Button
          variant="default"
          onClick={() => save.mutate(requestOf(drafts))}
          disabled={!changed}
          loading={save.isPending}
        >
          {t('save')}
        </Button>
      </Group>
      <SaveNotice
        saved={save.isSuccess && !changed}
        error={save.error}
        savedText={t('saved')}
        failedText={(reason) => t('saveFailed', { reason })}
      />
    </Stack>
  );
}
