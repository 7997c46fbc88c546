// The sticky footer of the Settings page: Save All Settings and what the last save said, kept in
// view whatever tab or scroll position.
import { Alert, Button, Group, List, Paper, Stack } from '@mantine/core';
import type { TLanguageCode } from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverErrorText } from '../../api/client';
import { savedFully, type TSaveOutcome } from './queries';
import type { TSettingsProblem } from './settings-draft';

type SaveBarProps = {
  problems: TSettingsProblem[];
  outcome: TSaveOutcome | undefined;
  error: Error | null;
  saving: boolean;
  onSave: () => void;
};

export function SaveBar({ problems, outcome, error, saving, onSave }: SaveBarProps) {
  const { t } = useTranslation('settings');
  const reloading = savedFully(outcome);

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
        {outcome && <SaveOutcome outcome={outcome} />}
        <Group justify="flex-end">
          <Button
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            onClick={onSave}
            loading={saving}
            disabled={reloading}
          >
            {t('save.button')}
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

function SaveOutcome({ outcome }: { outcome: TSaveOutcome }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  if (outcome.failedTypes > 0 || outcome.logoError) {
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
      {t('save.success')}
      {moved > 0 && <> {t('save.moved', { count: moved, language: tc(`languageNames.${primary}`) })}</>}
    </Alert>
  );
}
