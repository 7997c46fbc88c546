// Station security (admins): require two-factor sign-in for every admin of the station.
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { ACCOUNT_ERROR_CODES } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { accountErrorCode } from '../../lib/account-error';
import { useStationSecurityMutation } from './queries';

export function StationSecuritySection({ requireTwoFactor }: { requireTwoFactor: boolean }) {
  const { t } = useTranslation('account');
  const save = useStationSecurityMutation();
  const refusal =
    accountErrorCode(save.error) === ACCOUNT_ERROR_CODES.enableOwnFirst
      ? t('station.enableOwnFirst')
      : t('station.failed');

  return (
    <SectionCard title={t('station.title')}>
      <Stack>
        <Switch
          checked={requireTwoFactor}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ requireTwoFactor: event.currentTarget.checked })}
          label={t('station.requireTwoFactor')}
          description={t('station.requireTwoFactorText')}
        />
        {save.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {refusal}
          </Alert>
        )}
        {requireTwoFactor && (
          <Text fz="sm" c="dimmed">
            {t('station.requiredNote')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
