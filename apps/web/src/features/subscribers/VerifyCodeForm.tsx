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
import { useForm } from '@mantine/form';
import type { TStationPublicInfo, TSubscribeResponse } from '@message-station/shared';
import { LIMITS } from '@message-station/shared/catalogue';
import {
  IconAlertCircle,
  IconCheck,
  IconClockExclamation,
  IconFlask,
  IconMessage,
} from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { ApiError } from '../../api/client';
import type { TSubscriberResendResponse } from '../../api/subscribers';
import { useTranslation } from '../../i18n/react';
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

type TCodeCheck = typeof import('./verify-code-check');
let codeCheck: TCodeCheck | null = null;

/** The server's check of the code, loaded with the first submit (decision 0062). */
function loadCodeCheck(): Promise<unknown> {
  return import('./verify-code-check').then((module) => {
    codeCheck = module;
  });
}

const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.verificationCodeLength}}$`);

/**
 * The refusal's code for a typed code: by the server's own schema (decision 0068), or, if it could
 * not load (offline), the code's shape the schema asks for (the server checks it again).
 */
function codeRefusal(code: string): string | null {
  if (codeCheck) return codeCheck.verificationCodeRefusal(code);
  return CODE_PATTERN.test(code) ? null : 'verification_code_format';
}

export function VerifyCodeForm(props: VerifyCodeFormProps) {
  const { slug, station, phone, registration, onRegistrationChange, onVerified, onChangeNumber } = props;
  const { t, i18n } = useTranslation('subscribers');
  const verify = useVerifyMutation(slug);
  const resend = useResendMutation(slug);
  // The form keeps the refusal's code; it is worded when shown, so it follows a language switch.
  const form = useForm({
    initialValues: { verification_code: '' },
    validate: { verification_code: codeRefusal },
  });
  /** A refusal on this page is worded by its code in the page's language (subscribers.json). */
  const wordRefusal = (code: string) => {
    const key = `errors.${code}`;
    // Keys built from a server code are not known to the typed `t`.
    const word = t as unknown as (key: string) => string;
    return i18n.exists(key, { ns: 'subscribers' }) ? word(key) : t('errors.verification_code_format');
  };
  const code = form.getValues().verification_code;
  const codeError = form.errors.verification_code;
  const expiresIn = useSecondsUntil(registration.code_expires_at);
  const resendIn = useSecondsUntil(registration.resend_available_at);
  const codeExpired = expiresIn === 0;
  const canResend = codeExpired || resendIn === 0;
  // Six large boxes do not fit a 375px screen.
  const pinSize = useMatches<MantineSize>({ base: 'md', xs: 'lg' });

  const submitChecked = form.onSubmit(({ verification_code }) => {
    resend.reset();
    verify.mutate({ contactId: registration.contact_id, code: verification_code }, { onSuccess: onVerified });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const run = () => submitChecked();
    if (codeCheck) run();
    else void loadCodeCheck().then(run, run);
  };

  const requestNewCode = () => {
    verify.reset();
    resend.mutate(registration.contact_id, {
      onSuccess: (reply: TSubscriberResendResponse) => {
        form.setFieldValue('verification_code', '');
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
            <Text fw={600}>{t('verify.testModeCode', { code: registration.test_code })}</Text>
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
            onChange={(value) => form.setFieldValue('verification_code', value)}
            error={Boolean(codeError) || verify.isError}
            disabled={verify.isPending}
            getInputProps={(index) => ({ 'aria-label': t('verify.codeDigit', { index: index + 1 }) })}
          />
          {codeError && (
            <Text c="red" fz="sm">
              {wordRefusal(String(codeError))}
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
