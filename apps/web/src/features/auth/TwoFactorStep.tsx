// The code step of a sign-in (decision 0020): a code from the authenticator app, or a recovery code.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_ERROR_CODES, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { accountErrorCode } from '../../lib/account-error';
import { useLoginTwoFactorMutation } from './queries';

type TwoFactorStepProps = {
  /** The step is closed (too slow or too many tries): back to the password. */
  onExpired: () => void;
  onBack: () => void;
};

export function TwoFactorStep({ onExpired, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const verify = useLoginTwoFactorMutation();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')) },
  });

  const submit = form.onSubmit(({ code }) => {
    verify.mutate(code.trim(), {
      onError: (error) => {
        if (accountErrorCode(error) === ACCOUNT_ERROR_CODES.challengeExpired) onExpired();
      },
    });
  });

  const errorText = () => {
    const code = accountErrorCode(verify.error);
    if (code === ACCOUNT_ERROR_CODES.invalidCode) return t('twoFactor.invalidCode');
    if (code === ACCOUNT_ERROR_CODES.tooManyCodes) return t('twoFactor.tooManyCodes');
    if (verify.error instanceof ApiError && verify.error.status === 429) return verify.error.message;
    return t('login.failed');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fw={600}>{t('twoFactor.title')}</Text>
        <Text c="dimmed" fz="sm">
          {t('twoFactor.text')}
        </Text>
        {verify.isError && accountErrorCode(verify.error) !== ACCOUNT_ERROR_CODES.challengeExpired && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {errorText()}
          </Alert>
        )}
        <TextInput
          label={t('twoFactor.code')}
          placeholder="123456"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          withAsterisk
          maxLength={TEXT_LIMITS.signInCode}
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          {t('twoFactor.submit')}
        </Button>
        <Anchor component="button" type="button" fz="sm" onClick={onBack} style={{ alignSelf: 'center' }}>
          {t('twoFactor.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
