// The verify view of /join/{station}: 'code sent' notice, the 6-digit code, resend with its
// cooldown, and the code itself in test mode.
import {
  Alert,
  Anchor,
  Button,
  Group,
  type MantineSize,
  PinInput,
  Stack,
  Text,
  useMatches,
} from '@mantine/core';
import { LIMITS, type TStationPublicInfo, type TSubscribeResponse } from '@message-station/shared';
import {
  IconAlertCircle,
  IconCheck,
  IconClockExclamation,
  IconFlask,
  IconMessage,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { TSubscriberResendResponse } from '../../api/subscribers';
import { stationFill } from '../../lib/station-brand';
import { useResendMutation, useVerifyMutation } from './queries';
import { subscriberErrorText } from './subscriber-errors';
import { formatMinutesSeconds, useSecondsUntil } from './use-seconds-until';

type VerifyCodeFormProps = {
  slug: string;
  station: TStationPublicInfo['station'];
  /** As shown to the person: (415) 555-0134. */
  phone: string;
  registration: TSubscribeResponse;
  onRegistrationChange: (registration: TSubscribeResponse) => void;
  onVerified: () => void;
  onChangeNumber: () => void;
};

const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.verificationCodeLength}}$`);

export function VerifyCodeForm(props: VerifyCodeFormProps) {
  const { slug, station, phone, registration, onRegistrationChange, onVerified, onChangeNumber } = props;
  const { t } = useTranslation('subscribers');
  const verify = useVerifyMutation(slug);
  const resend = useResendMutation(slug);
  const [code, setCode] = useState('');
  const [codeIncomplete, setCodeIncomplete] = useState(false);
  const expiresIn = useSecondsUntil(registration.code_expires_at);
  const resendIn = useSecondsUntil(registration.resend_available_at);
  const codeExpired = expiresIn === 0;
  const canResend = codeExpired || resendIn === 0;
  // Six large boxes do not fit a 375px screen.
  const pinSize = useMatches<MantineSize>({ base: 'md', xs: 'lg' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) {
      setCodeIncomplete(true);
      return;
    }
    setCodeIncomplete(false);
    resend.reset();
    verify.mutate({ contactId: registration.contact_id, code }, { onSuccess: onVerified });
  };

  const requestNewCode = () => {
    verify.reset();
    resend.mutate(registration.contact_id, {
      onSuccess: (reply: TSubscriberResendResponse) => {
        setCode('');
        onRegistrationChange({ ...registration, ...reply, test_code: reply.test_code });
      },
    });
  };

  const errorText = verify.isError
    ? subscriberErrorText(
        verify.error,
        verify.error instanceof ApiError && verify.error.status >= 400 && verify.error.status < 500
          ? t('errors.invalidCode')
          : t('errors.verifyFailed'),
      )
    : resend.isError
      ? subscriberErrorText(resend.error, t('errors.resendFailed'))
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconMessage size={18} aria-hidden="true" />} role="status">
          {t('verify.codeSent', { phone })}
        </Alert>

        {registration.test_code && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconFlask size={18} aria-hidden="true" />}
            role="status"
          >
            <Text fw={700}>{t('verify.testModeCode', { code: registration.test_code })}</Text>
            <Text fz="sm">{t('verify.testModeNote')}</Text>
          </Alert>
        )}

        <Stack gap={6} align="center">
          <Text fw={500} fz="sm">
            {t('verify.codeLabel')}
          </Text>
          <PinInput
            length={LIMITS.verificationCodeLength}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size={pinSize}
            gap="xs"
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeIncomplete(false);
            }}
            error={codeIncomplete || verify.isError}
            disabled={verify.isPending}
            getInputProps={(index) => ({ 'aria-label': t('verify.codeDigit', { index: index + 1 }) })}
          />
          {codeIncomplete && (
            <Text c="red" fz="sm">
              {t('validation.codeIncomplete')}
            </Text>
          )}
          {codeExpired ? (
            <Alert color="red" icon={<IconClockExclamation size={18} aria-hidden="true" />} w="100%">
              {t('verify.expired')}
            </Alert>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('verify.expiresIn', { time: formatMinutesSeconds(expiresIn) })}
            </Text>
          )}
        </Stack>

        {errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {errorText}
          </Alert>
        )}
        {resend.isSuccess && !errorText && (
          <Alert color="green" icon={<IconCheck size={18} aria-hidden="true" />} role="status">
            {t('verify.resent')}
          </Alert>
        )}

        <Button
          type="submit"
          size="md"
          fullWidth
          color={stationFill(station.brand_color)}
          autoContrast
          loading={verify.isPending}
          disabled={codeExpired}
        >
          {t('verify.submit')}
        </Button>
        <Stack gap={4} align="center">
          <Button
            variant="default"
            onClick={requestNewCode}
            disabled={!canResend || verify.isPending}
            loading={resend.isPending}
          >
            {t('verify.resend')}
          </Button>
          {!canResend && (
            <Text fz="sm" c="dimmed">
              {t('verify.resendIn', { seconds: resendIn })}
            </Text>
          )}
        </Stack>
        <Group justify="center">
          <Anchor component="button" type="button" fz="sm" onClick={onChangeNumber}>
            {t('verify.changeNumber')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
