// The sticky footer of the Settings page: the open tab's Save, what its last save said, and which
// other tabs hold unsaved edits, kept in view whatever the scroll position.
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { TLanguageCode } from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { ApiError, serverErrorText } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import type { TSaveOutcome } from './queries';
import type { TDraftTab, TSettingsProblem } from './settings-draft';

type SaveBarProps = {
  /** The open tab: what Save sends. */
  tab: TDraftTab;
  problems: TSettingsProblem[];
  /** This tab's last save. */
  outcome: TSaveOutcome | undefined;
  error: Error | null;
  saving: boolean;
  /** The tab holds edits not saved yet (a success said before them is no longer shown). */
  unsaved: boolean;
  /** Other tabs with unsaved edits: they stay in the draft until their own Save. */
  otherUnsaved: TDraftTab[];
  onSave: () => void;
};

export function SaveBar({
  tab,
  problems,
  outcome,
  error,
  saving,
  unsaved,
  otherUnsaved,
  onSave,
}: SaveBarProps) {
  const { t } = useTranslation('settings');
  const tabNames = (tabs: TDraftTab[]) => tabs.map((which) => t(`tabs.${which}`)).join(', ');

  return (
    <Paper
      pos="sticky"
      bottom={0}
      mt="lg"
      p="md"
      withBorder
      shadow="md"
      radius="md"
      style={{ zIndex: 10 }}
      data-testid="settings-save-bar"
    >
      <Stack gap="sm">
        {problems.length > 0 && (
          <Alert
            color="red"
            title={t('save.problemsTitle')}
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
          >
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{t(`validation.${problem}`)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {error && <SaveError error={error} />}
        {outcome && !(unsaved && !failedPart(outcome)) && <SaveOutcome outcome={outcome} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fz="sm" c="gray.8">
            {otherUnsaved.length > 0 ? t('save.otherUnsaved', { tabs: tabNames(otherUnsaved) }) : null}
          </Text>
          <Button
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            onClick={onSave}
            loading={saving}
          >
            {t(`save.buttons.${tab}`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The server's words for a refusal, or `fallback`; the network text when no answer came. */
function refusalText(error: Error, fallback: string, network: string): string {
  return error instanceof ApiError && error.status !== 0 ? serverErrorText(error, fallback) : network;
}

function SaveError({ error }: { error: Error }) {
  const { t } = useTranslation('settings');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {refusalText(error, t('save.settingsFailed'), t('save.networkFailed'))}
    </Alert>
  );
}

/** Part of the save failed (the logo or a type): said until the next save. */
function failedPart(outcome: TSaveOutcome): boolean {
  return outcome.failedTypes > 0 || outcome.logoError !== null;
}

function SaveOutcome({ outcome }: { outcome: TSaveOutcome }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  if (failedPart(outcome)) {
    return (
      <Stack gap="xs">
        {outcome.logoError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {t('save.logoFailed', {
              error: refusalText(outcome.logoError, t('logo.uploadFailed'), t('logo.uploadNetworkFailed')),
            })}
          </Alert>
        )}
        {outcome.failedTypes > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {t('save.typesFailed', { count: outcome.failedTypes })}
          </Alert>
        )}
      </Stack>
    );
  }
  const moved = outcome.settings.moved_subscriptions;
  const primary = outcome.settings.primary_language as TLanguageCode;
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
      {t(`save.success.${outcome.tab}`)}
      {moved > 0 && <> {t('save.moved', { count: moved, language: tc(`languageNames.${primary}`) })}</>}
    </Alert>
  );
}
