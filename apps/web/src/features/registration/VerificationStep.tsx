// Step 6: the SMS code: spinner until registration started, then code entry with the
// 10-minute countdown, resend, the 24-hour limit, and on success the logo upload and the dashboard.
import { Alert, Button, Center, Group, Loader, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS, type TRegisterStartResponse, ZVerificationCode } from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconFlask } from '@tabler/icons-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverErrorText } from '../../api/client';
import { useNow } from '../../lib/use-now';
import { CodeCountdown } from './CodeCountdown';
import { registrationClock } from './pending-registration';
import {
  isRegistrationExpired,
  useResendCodeMutation,
  useUploadLogoMutation,
  useVerifyRegistrationMutation,
} from './queries';
import { StepHeading } from './StepHeading';

type VerificationStepProps = {
  /** Null while POST /api/register/start is on its way. */
  registration: TRegisterStartResponse | null;
  logo: File | null;
  onRegistrationChange: (registration: TRegisterStartResponse) => void;
};

export function VerificationStep({ registration, ...rest }: VerificationStepProps) {
  const { t } = useTranslation('registration');
  if (!registration) {
    return (
      <Center py={64} role="status" aria-live="polite">
        <Stack align="center" gap="md">
          <Loader aria-hidden="true" />
          <Text fw={500}>{t('verify.sending')}</Text>
        </Stack>
      </Center>
    );
  }
  return <CodeEntry registration={registration} {...rest} />;
}

type CodeEntryProps = Omit<VerificationStepProps, 'registration'> & { registration: TRegisterStartResponse };

function CodeEntry({ registration, logo, onRegistrationChange }: CodeEntryProps) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const clock = registrationClock(registration, useNow());
  const verify = useVerifyRegistrationMutation();
  const resend = useResendCodeMutation();
  const uploadLogo = useUploadLogoMutation();
  const [code, setCode] = useState('');
  const [codeIncomplete, setCodeIncomplete] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const expiredHandled = useRef(false);

  const expireRegistration = useCallback(() => {
    if (expiredHandled.current) return;
    expiredHandled.current = true;
    window.alert(t('verify.registrationExpired'));
    void navigate('/', { replace: true });
  }, [navigate, t]);

  useEffect(() => {
    if (clock.registrationExpired) expireRegistration();
  }, [clock.registrationExpired, expireRegistration]);

  // The station exists once verified: a logo that fails to upload is reported, not blocking.
  const finish = async () => {
    setFinishing(true);
    if (logo) {
      try {
        await uploadLogo.mutateAsync(logo);
      } catch (error) {
        notifications.show({
          color: 'red',
          autoClose: false,
          message: t('verify.logoUploadFailed', {
            error: serverErrorText(error, t('errors.logoUploadFailed')),
          }),
        });
      }
    }
    await navigate('/admin/dashboard', { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ZVerificationCode.safeParse(code).success) {
      setCodeIncomplete(true);
      return;
    }
    setCodeIncomplete(false);
    resend.reset();
    verify.mutate(
      { registrationId: registration.registration_id, code },
      {
        onSuccess: () => void finish(),
        onError: (error) => {
          if (isRegistrationExpired(error)) expireRegistration();
        },
      },
    );
  };

  const requestNewCode = () => {
    verify.reset();
    resend.mutate(registration.registration_id, {
      onSuccess: (reply) => {
        setCode('');
        onRegistrationChange({ ...registration, ...reply, test_code: reply.test_code });
      },
      onError: (error) => {
        if (isRegistrationExpired(error)) expireRegistration();
      },
    });
  };

  const busy = verify.isPending || finishing;
  const canResend = clock.codeExpired || clock.resendWaitSeconds === 0;
  const errorText = verify.isError
    ? serverErrorText(verify.error, t('errors.verifyFailed'))
    : resend.isError
      ? serverErrorText(resend.error, t('errors.resendFailed'))
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <StepHeading
          title={t('verify.title')}
          intro={t('verify.sentTo', { last4: registration.phone_last4 })}
        />

        {registration.test_code && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconFlask size={18} aria-hidden="true" />}
            title={t('verify.testModeTitle')}
            role="note"
          >
            <Text fw={700}>{t('verify.testModeCode', { code: registration.test_code })}</Text>
            <Text fz="sm">{t('verify.testModeNote')}</Text>
          </Alert>
        )}

        <Stack gap={6}>
          <Text fw={500} fz="sm">
            {t('verify.codeLabel')}
          </Text>
          <PinInput
            length={LIMITS.verificationCodeLength}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size="lg"
            gap="xs"
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeIncomplete(false);
            }}
            error={codeIncomplete || verify.isError}
            disabled={busy}
            getInputProps={(index) => ({ 'aria-label': t('verify.codeDigit', { index: index + 1 }) })}
          />
          {codeIncomplete && (
            <Text c="red" fz="sm">
              {t('errors.codeIncomplete')}
            </Text>
          )}
        </Stack>

        <CodeCountdown clock={clock} />

        {errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {errorText}
          </Alert>
        )}
        {resend.isSuccess && !errorText && (
          <Alert color="green" icon={<IconCheck size={18} aria-hidden="true" />}>
            {t('verify.resent')}
          </Alert>
        )}

        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={busy} disabled={clock.codeExpired}>
            {t('verify.submit')}
          </Button>
          <Button
            variant="default"
            onClick={requestNewCode}
            disabled={!canResend || busy}
            loading={resend.isPending}
          >
            {t('verify.resend')}
          </Button>
        </Group>
        {!canResend && (
          <Text fz="sm" c="dimmed">
            {t('verify.resendIn', { seconds: clock.resendWaitSeconds })}
          </Text>
        )}
        {finishing && (
          <Text fz="sm" c="dimmed" role="status">
            {t('verify.settingUp')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
