// Step 6: the SMS code: spinner until registration started, then code entry with the
// 10-minute countdown, resend, the 24-hour limit, and on success the logo upload and the dashboard.
import { Alert, Button, Center, Group, Loader, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { LIMITS, type TRegisterStartResponse, ZRegisterVerifyRequest } from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconFlask } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { serverErrorText } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { schemaResolver } from '../../lib/schema-resolver';
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

/** The code as POST /api/register/verify checks it (decision 0068); the registration is the server's. */
const checkCode = schemaResolver(ZRegisterVerifyRequest.pick({ verification_code: true }));

type CodeEntryProps = Omit<VerificationStepProps, 'registration'> & { registration: TRegisterStartResponse };

function CodeEntry({ registration, logo, onRegistrationChange }: CodeEntryProps) {
  const { t } = useTranslation(['registration', 'errors']);
  const navigate = useNavigate();
  const clock = registrationClock(registration, useNow());
  const verify = useVerifyRegistrationMutation();
  const resend = useResendCodeMutation();
  const uploadLogo = useUploadLogoMutation();
  const form = useForm({ initialValues: { verification_code: '' }, validate: checkCode });
  const code = form.getValues().verification_code;
  const codeError = form.errors.verification_code;
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

  const submit = form.onSubmit(({ verification_code }) => {
    resend.reset();
    verify.mutate(
      { registrationId: registration.registration_id, code: verification_code },
      {
        onSuccess: () => void finish(),
        onError: (error) => {
          if (isRegistrationExpired(error)) expireRegistration();
        },
      },
    );
  });

  const requestNewCode = () => {
    verify.reset();
    resend.mutate(registration.registration_id, {
      onSuccess: (reply) => {
        form.setFieldValue('verification_code', '');
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
            <Text fw={600}>{t('verify.testModeCode', { code: registration.test_code })}</Text>
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
            onChange={(value) => form.setFieldValue('verification_code', value)}
            error={Boolean(codeError) || verify.isError}
            disabled={busy}
            getInputProps={(index) => ({ 'aria-label': t('verify.codeDigit', { index: index + 1 }) })}
          />
          {codeError && (
            <Text c="red" fz="sm">
              {codeError}
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
