// Two-factor authentication: set up with an authenticator app (QR code or the key as text, then a
// first code), ten recovery codes shown once, and turning it off with the password and a code.
import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_ERROR_CODES, type TAccount, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { QrCode } from '../../components/QrCode';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { accountErrorCode } from '../../lib/account-error';
import { useAccountDate } from './account-dates';
import { DisableTwoFactorModal } from './DisableTwoFactorModal';
import { useEnableTwoFactorMutation, useStartTwoFactorSetupMutation } from './queries';

type TEnableMutation = ReturnType<typeof useEnableTwoFactorMutation>;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Stack>
      <Alert
        color="yellow"
        icon={<IconAlertCircle size={18} aria-hidden="true" />}
        title={t('twoFactor.recoveryTitle')}
      >
        {t('twoFactor.recoveryText')}
      </Alert>
      <Code
        block
        aria-label={t('twoFactor.recoveryList')}
        style={{ columns: 2, fontSize: 'var(--mantine-font-size-md)' }}
      >
        {codes.join('\n')}
      </Code>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('twoFactor.savedCodes')}</Button>
      </Group>
    </Stack>
  );
}

/** `enable` belongs to the section: its answer (the recovery codes) outlives these steps. */
function SetupSteps({
  secret,
  uri,
  enable,
  onCancel,
}: {
  secret: string;
  uri: string;
  enable: TEnableMutation;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : t('twoFactor.codeFormat')) },
  });
  const submit = form.onSubmit(({ code }) =>
    enable.mutate(code.trim(), {
      onError: (error) =>
        form.setFieldError(
          'code',
          accountErrorCode(error) === ACCOUNT_ERROR_CODES.rejectedCode
            ? t('twoFactor.invalidCode')
            : t('twoFactor.failed'),
        ),
    }),
  );

  return (
    <Stack>
      <Text fz="sm">{t('twoFactor.scan')}</Text>
      <Group align="flex-start" gap="xl">
        <QrCode value={uri} label={t('twoFactor.qrLabel')} />
        <Stack gap="xs" maw={360}>
          <Text fz="sm" c="dimmed">
            {t('twoFactor.cannotScan')}
          </Text>
          <Code fz="md" style={{ overflowWrap: 'anywhere' }} data-totp-secret>
            {secret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
          <form onSubmit={submit} noValidate>
            <Stack mt="md">
              <TextInput
                label={t('twoFactor.code')}
                description={t('twoFactor.codeHelp')}
                autoComplete="one-time-code"
                inputMode="numeric"
                withAsterisk
                maxLength={TEXT_LIMITS.signInCode}
                {...form.getInputProps('code')}
              />
              <Group>
                <Button type="submit" loading={enable.isPending}>
                  {t('twoFactor.turnOn')}
                </Button>
                <Button variant="default" onClick={onCancel}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}

export function TwoFactorSection({ account }: { account: TAccount }) {
  const { t } = useTranslation('account');
  const dateText = useAccountDate();
  const setup = useStartTwoFactorSetupMutation();
  const enable = useEnableTwoFactorMutation();
  const recoveryCodes = enable.data?.recoveryCodes;
  const [disabling, setDisabling] = useState(false);
  const { enabled, enabledAt, recoveryCodesLeft } = account.twoFactor;

  const status = (
    <Badge
      color={enabled ? 'green' : 'gray'}
      variant="light"
      size="lg"
      leftSection={enabled ? <IconShieldCheck size={14} aria-hidden="true" /> : undefined}
    >
      {enabled ? t('twoFactor.on') : t('twoFactor.off')}
    </Badge>
  );

  const body = () => {
    if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => enable.reset()} />;
    if (enabled) {
      return (
        <Stack align="flex-start">
          <Text fz="sm">
            {t('twoFactor.onSince', { date: enabledAt ? dateText(enabledAt) : '' })}{' '}
            {t('twoFactor.codesLeft', { count: recoveryCodesLeft })}
          </Text>
          <Button variant="default" color="red" onClick={() => setDisabling(true)}>
            {t('twoFactor.turnOff')}
          </Button>
        </Stack>
      );
    }
    if (setup.data && !enabled) {
      return (
        <SetupSteps
          secret={setup.data.secret}
          uri={setup.data.uri}
          enable={enable}
          onCancel={() => setup.reset()}
        />
      );
    }
    return (
      <Stack align="flex-start">
        <Text fz="sm">{t('twoFactor.offText')}</Text>
        {setup.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {t('twoFactor.failed')}
          </Alert>
        )}
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          {t('twoFactor.setUp')}
        </Button>
      </Stack>
    );
  };

  return (
    <SectionCard title={t('twoFactor.title')} aside={status}>
      {body()}
      <DisableTwoFactorModal opened={disabling} onClose={() => setDisabling(false)} />
    </SectionCard>
  );
}
