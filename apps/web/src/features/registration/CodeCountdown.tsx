// The verification code's remaining life: a countdown and a bar, green above 20 percent, red below.
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { formatCountdown, type TRegistrationClock } from './pending-registration';

export function CodeCountdown({ clock }: { clock: TRegistrationClock }) {
  const { t } = useTranslation('registration');
  if (clock.codeExpired) {
    return (
      <Alert color="red" icon={<IconClockExclamation size={18} aria-hidden="true" />} role="alert">
        {t('verify.expired')}
      </Alert>
    );
  }
  const label = t('verify.expiresIn', { time: formatCountdown(clock.codeRemainingMs) });
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Progress
        value={clock.codePercentLeft}
        color={clock.codePercentLeft > 20 ? 'green' : 'red'}
        size="md"
        radius="xl"
        aria-label={label}
      />
    </Stack>
  );
}
