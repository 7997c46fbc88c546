// The Settings tabs over one unsaved draft. Each of Branding, Message Types and SMS Settings saves
// its own fields with the Save bar (the other tabs' edits stay in the draft, marked unsaved), and
// the page stays where it is: no reload, the tab in the address (?tab=…) so a link or a reload
// opens it again. Voice and Translation save on their own.
import { Card, Tabs, VisuallyHidden } from '@mantine/core';
import type { TStationSettings } from '@message-station/shared';
import { IconLanguage, IconMessageCircle, IconMessages, IconPalette, IconVolume } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { BrandingTab } from './BrandingTab';
import { MessageTypesTab } from './MessageTypesTab';
import { useSaveSettingsMutation } from './queries';
import { SaveBar } from './SaveBar';
import { SmsSettingsTab } from './SmsSettingsTab';
import {
  DRAFT_TABS,
  draftAfterSave,
  draftFrom,
  isDraftTab,
  isSettingsTab,
  type TDraftTab,
  type TMessageTypeDraft,
  type TSettingsDraft,
  type TSettingsProblem,
  type TSettingsTab,
  tabChanged,
  tabProblems,
  tabRequestDraft,
} from './settings-draft';
import { TranslationTab } from './translation/TranslationTab';
import { VoiceTab } from './voice/VoiceTab';

type SettingsFormProps = { settings: TStationSettings; types: TMessageTypeDraft[] };

export function SettingsForm({ settings, types: savedTypes }: SettingsFormProps) {
  const { t } = useTranslation(['settings', 'voiceSettings', 'translationSettings']);
  const [searchParams, setSearchParams] = useSearchParams();
  // Started once from what was loaded: a refetch must not wipe what staff are typing.
  const [draft, setDraft] = useState<TSettingsDraft>(() => draftFrom(settings));
  const [types, setTypes] = useState<TMessageTypeDraft[]>(savedTypes);
  const [problems, setProblems] = useState<TSettingsProblem[]>([]);
  const save = useSaveSettingsMutation();
  const asked = searchParams.get('tab');
  const tab: TSettingsTab = isSettingsTab(asked) ? asked : 'branding';
  const chooseTab = (next: string | null) => {
    if (!isSettingsTab(next) || next === tab) return;
    setProblems([]);
    // The address follows the tab (replacing, so Back leaves Settings rather than walking tabs).
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };
  const unsaved = (which: TDraftTab) =>
    tabChanged(settings, draft, which, { saved: savedTypes, draft: types });

  const saveTab = (which: TDraftTab) => {
    const found = tabProblems(draft, which);
    setProblems(found);
    if (found.length > 0) {
      save.reset();
      return;
    }
    save.mutate(
      {
        draft: tabRequestDraft(settings, draft, which),
        types: which === 'messageTypes' ? types : undefined,
        tab: which,
      },
      {
        // The tab's fields are the saved ones now (a saved logo is not sent again); the other
        // tabs keep what was typed in them.
        onSuccess: ({ settings: saved, logoError }) =>
          setDraft((now) => {
            const next = draftAfterSave(now, saved, which);
            return logoError ? { ...next, logo: now.logo } : next;
          }),
      },
    );
  };
  const label = (which: TDraftTab, text: string) =>
    unsaved(which) ? (
      <>
        {text}
        <span aria-hidden="true"> •</span>
        <VisuallyHidden>{` (${t('save.unsaved')})`}</VisuallyHidden>
      </>
    ) : (
      text
    );

  return (
    <>
      <Card p="lg">
        <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="branding" leftSection={<IconPalette size={16} aria-hidden="true" />}>
              {label('branding', t('tabs.branding'))}
            </Tabs.Tab>
            <Tabs.Tab value="messageTypes" leftSection={<IconMessages size={16} aria-hidden="true" />}>
              {label('messageTypes', t('tabs.messageTypes'))}
            </Tabs.Tab>
            <Tabs.Tab value="sms" leftSection={<IconMessageCircle size={16} aria-hidden="true" />}>
              {label('sms', t('tabs.sms'))}
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
          {/* Saved on its own (its Save button), not by the Save bar. */}
          <Tabs.Panel value="voice">
            <VoiceTab />
          </Tabs.Panel>
          <Tabs.Panel value="translation">
            <TranslationTab />
          </Tabs.Panel>
        </Tabs>
      </Card>
      {isDraftTab(tab) && (
        <SaveBar
          tab={tab}
          problems={problems}
          outcome={save.data?.tab === tab ? save.data : undefined}
          error={save.variables?.tab === tab ? save.error : null}
          saving={save.isPending}
          unsaved={unsaved(tab)}
          otherUnsaved={DRAFT_TABS.filter((which) => which !== tab && unsaved(which))}
          onSave={() => saveTab(tab)}
        />
      )}
    </>
  );
}
