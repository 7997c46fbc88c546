// The three Settings tabs over one unsaved draft, saved together by Save All Settings:
// check the required fields, send the settings and every type, reload on success.
import { Card, Tabs } from '@mantine/core';
import type { TStationSettings } from '@message-station/shared';
import { IconLanguage, IconMessageCircle, IconMessages, IconPalette, IconVolume } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageReload, RELOAD_AFTER_SAVE_MS } from '../../lib/page-reload';
import { BrandingTab } from './BrandingTab';
import { MessageTypesTab } from './MessageTypesTab';
import { savedFully, useSaveSettingsMutation } from './queries';
import { SaveBar } from './SaveBar';
import { SmsSettingsTab } from './SmsSettingsTab';
import {
  draftFrom,
  problemsOf,
  type TMessageTypeDraft,
  type TSettingsDraft,
  type TSettingsProblem,
} from './settings-draft';
import { TranslationTab } from './translation/TranslationTab';
import { VoiceTab } from './voice/VoiceTab';

type SettingsFormProps = { settings: TStationSettings; types: TMessageTypeDraft[] };

export function SettingsForm({ settings, types: savedTypes }: SettingsFormProps) {
  const { t } = useTranslation(['settings', 'voiceSettings', 'translationSettings']);
  // ?tab=translation opens that tab (the create form links to it).
  const [searchParams] = useSearchParams();
  // Started once from what was loaded: a refetch must not wipe what staff are typing.
  const [draft, setDraft] = useState<TSettingsDraft>(() => draftFrom(settings));
  const [types, setTypes] = useState<TMessageTypeDraft[]>(savedTypes);
  const [problems, setProblems] = useState<TSettingsProblem[]>([]);
  const save = useSaveSettingsMutation();
  // Tabs that save on their own have their own Save button; Save All Settings stays with the draft's.
  const [tab, setTab] = useState<string | null>(() =>
    searchParams.get('tab') === 'translation' ? 'translation' : 'branding',
  );
  const savesOnItsOwn = tab === 'voice' || tab === 'translation';

  const fullySaved = savedFully(save.data);
  useEffect(() => {
    if (!fullySaved) return;
    const timer = window.setTimeout(() => pageReload.reload(), RELOAD_AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [fullySaved]);

  const saveAll = () => {
    const found = problemsOf(draft);
    setProblems(found);
    if (found.length > 0) {
      save.reset();
      return;
    }
    save.mutate(
      { draft, types },
      {
        // The uploaded logo is the saved one now: a later save does not send it again.
        onSuccess: ({ logoError }) => {
          if (draft.logo && !logoError) setDraft((now) => ({ ...now, logo: undefined }));
        },
      },
    );
  };

  return (
    <>
      <Card p="lg">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="branding" leftSection={<IconPalette size={16} aria-hidden="true" />}>
              {t('tabs.branding')}
            </Tabs.Tab>
            <Tabs.Tab value="messageTypes" leftSection={<IconMessages size={16} aria-hidden="true" />}>
              {t('tabs.messageTypes')}
            </Tabs.Tab>
            <Tabs.Tab value="sms" leftSection={<IconMessageCircle size={16} aria-hidden="true" />}>
              {t('tabs.sms')}
            </Tabs.Tab>
            <Tabs.Tab value="voice" leftSection={<IconVolume size={16} aria-hidden="true" />}>
              {t('voiceSettings:tab')}
            </Tabs.Tab>
            <Tabs.Tab value="translation" leftSection={<IconLanguage size={16} aria-hidden="true" />}>
              {t('translationSettings:tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="branding">
            <BrandingTab saved={settings} draft={draft} onChange={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="messageTypes">
            <MessageTypesTab
              types={types}
              onChange={setTypes}
              reviewRequired={draft.review_required_types ?? []}
              onReviewRequiredChange={(review) => setDraft({ ...draft, review_required_types: review })}
              approval={draft}
              onApprovalChange={(approval) => setDraft({ ...draft, ...approval })}
              approvalAdmins={{ count: settings.admin_count, saved: settings }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="sms">
            <SmsSettingsTab saved={settings} draft={draft} onChange={setDraft} />
          </Tabs.Panel>
          {/* Saved on its own (its Save button), not by Save All Settings. */}
          <Tabs.Panel value="voice">
            <VoiceTab />
          </Tabs.Panel>
          <Tabs.Panel value="translation">
            <TranslationTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
      {!savesOnItsOwn && (
        <SaveBar
          problems={problems}
          outcome={save.data}
          error={save.error}
          saving={save.isPending}
          onSave={saveAll}
        />
      )}
    </>
  );
}
