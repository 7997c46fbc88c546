// Settings → Translation (admins): the station's own engines, in the order they are tried before
// this server's, with keys entered but never shown again, a Test per engine and which engine covers
// each language; below, the station's glossary. Each saved on its own, not by the Settings page's Save bar.
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { TStationEngineName, TTranslationSettings } from '@message-station/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { HelpText } from '../../../components/LearnMore';
import { useEngineName } from '../../../components/translation-coverage/use-engine-name';
import { useTranslation } from '../../../i18n/react';
import { SaveNotice } from '../SaveNotice';
import { CoverageTable } from './CoverageTable';
import { EngineCard } from './EngineCard';
import {
  draftsChanged,
  draftsFrom,
  engineInput,
  enginesToAdd,
  moved,
  newDraft,
  type TEngineDraft,
} from './engine-draft';
import { GlossarySection } from './GlossarySection';
import { useSaveTranslationEnginesMutation, useTranslationSettingsQuery } from './queries';

export function TranslationTab() {
  const { t } = useTranslation('translationSettings');
  const query = useTranslationSettingsQuery();
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Text fz="sm" c="dimmed">
        {t('loading')}
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      <EnginesForm settings={query.data} />
      <GlossarySection />
    </Stack>
  );
}

function EnginesForm({ settings }: { settings: TTranslationSettings }) {
  const { t } = useTranslation('translationSettings');
  const engineName = useEngineName();
  const save = useSaveTranslationEnginesMutation();
  const [drafts, setDrafts] = useState<TEngineDraft[]>(() => draftsFrom(settings));
  const [adding, setAdding] = useState<TStationEngineName | null>(null);
  const changed = draftsChanged(drafts, settings);
  const addable = enginesToAdd(drafts);

  const edit = (next: TEngineDraft[]) => {
    save.reset();
    setDrafts(next);
  };
  const add = () => {
    if (!adding) return;
    edit([...drafts, newDraft(adding)]);
    setAdding(null);
  };
  const submit = () =>
    save.mutate(
      { engines: drafts.map(engineInput) },
      // What was saved, as the server now holds it (typed keys cleared, hints updated).
      { onSuccess: (saved) => setDrafts(draftsFrom(saved)) },
    );

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        <HelpText short={t('intro')} more={t('introMore')} />
      </Text>
      {drafts.length === 0 && <Text fz="sm">{t('noEngines')}</Text>}
      {drafts.map((draft, index) => (
        <EngineCard
          key={draft.engine}
          draft={draft}
          position={index}
          count={drafts.length}
          onChange={(next) => edit(drafts.map((d, i) => (i === index ? next : d)))}
          onMove={(by) => edit(moved(drafts, index, by))}
          onRemove={() => edit(drafts.filter((_, i) => i !== index))}
        />
      ))}
      {addable.length > 0 && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('addLabel')}
            placeholder={t('addPlaceholder')}
            data={addable.map((name) => ({ value: name, label: engineName(name) }))}
            value={adding}
            onChange={(value) => setAdding(value as TStationEngineName | null)}
            w={320}
            maw="100%"
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={add}
            disabled={!adding}
          >
            {t('add')}
          </Button>
        </Group>
      )}
      <Text fz="sm" c="dimmed">
        {settings.operator_engines.length > 0
          ? t('operatorEngines', { engines: settings.operator_engines.map(engineName).join(', ') })
          : t('operatorNone')}
      </Text>
      <SaveNotice
        saved={save.isSuccess && !changed}
        error={save.error}
        savedText={t('saved')}
        failedText={(reason) => t('saveFailed', { reason })}
      />
      <Group justify="flex-end">
        <Button onClick={submit} disabled={!changed} loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
      <CoverageTable coverage={settings.coverage} unsaved={changed} />
    </Stack>
  );
}
