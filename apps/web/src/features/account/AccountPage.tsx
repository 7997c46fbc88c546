// /admin/account, My Account (decision 0020), for every signed-in user: password, two-factor
// sign-in, sessions, and for admins the station's two-factor requirement. An admin whose station
// requires two-factor is held here until it is on.
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useSessionUser } from '../../app/session-user';
import { ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { PasswordSection } from './PasswordSection';
import { useAccountQuery } from './queries';
import { SessionsSection } from './SessionsSection';
import { StationSecuritySection } from './StationSecuritySection';
import { TwoFactorSection } from './TwoFactorSection';

export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useSessionUser();
  const account = useAccountQuery();

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Stack gap="lg" maw={960}>
        {user.twoFactorSetupRequired && (
          <Alert
            color="orange"
            icon={<IconShieldLock size={18} aria-hidden="true" />}
            title={t('setupRequired.title')}
          >
            {t('setupRequired.text')}
          </Alert>
        )}
        {account.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {t('loadFailed')}
          </Alert>
        ) : account.isPending ? (
          <ListLoading label={t('loading')} />
        ) : (
          <>
            <TwoFactorSection account={account.data} />
            {!user.twoFactorSetupRequired && (
              <>
                <PasswordSection />
                <SessionsSection />
                {account.data.station && (
                  <StationSecuritySection requireTwoFactor={account.data.station.requireTwoFactor} />
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
