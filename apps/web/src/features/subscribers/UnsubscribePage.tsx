// /unsubscribe/{station}: loading, not found, phone form, success. The server gives
// the same answer whether or not the number was subscribed, and so does this page.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TStationPublicInfo } from '@message-station/shared';
import { formatUsPhone } from '@message-station/shared/catalogue';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useTranslation } from '../../i18n/react';
import { AttachedFieldset } from './AttachedFieldset';
import { useStationInfoQuery, useUnsubscribeMutation } from './queries';
import { StationCard } from './StationCard';
import { StationNotFound } from './StationNotFound';
import { subscriberErrorText } from './subscriber-errors';

export function UnsubscribePage() {
  const { station: slug = '' } = useParams();
  const info = useStationInfoQuery(slug);

  if (info.isPending) return <PageLoader />;
  if (info.isError) return <StationNotFound />;
  return <UnsubscribeFlow slug={slug} station={info.data.station} />;
}

function UnsubscribeFlow({ slug, station }: { slug: string; station: TStationPublicInfo['station'] }) {
  const { t } = useTranslation('subscribers');
  const mutation = useUnsubscribeMutation(slug);
  const [unsubscribedPhone, setUnsubscribedPhone] = useState<string | null>(null);
  const joinPath = `/join/${encodeURIComponent(slug)}`;
  const form = useForm({
    initialValues: { phone: '' },
    validate: {
      phone: (value) => {
        const problem = usPhoneProblemOnceLoaded(value);
        if (problem === 'required') return t('validation.phoneRequired');
        if (problem === 'not_us') return t('validation.phoneNotUs');
        return problem ? t('validation.phoneInvalid') : null;
      },
    },
  });

  if (unsubscribedPhone) {
    return (
      <StationCard station={station} title={t('unsubscribe.successTitle')}>
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          role="status"
        >
          {t('unsubscribe.successText', { phone: unsubscribedPhone, station: station.display_name })}
        </Alert>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/" variant="default">
            {t('unsubscribe.backHome')}
          </Button>
          {station.subscriptions_open && (
            <Button component={Link} to={joinPath} variant="subtle">
              {t('unsubscribe.joinAgain')}
            </Button>
          )}
        </Group>
      </StationCard>
    );
  }

  const submit = form.onSubmit((values) => {
    const phone = usPhoneE164OnceLoaded(values.phone);
    mutation.mutate(phone, { onSuccess: () => setUnsubscribedPhone(formatUsPhone(phone)) });
  });

  return (
    <StationCard station={station} title={t('unsubscribe.title')}>
      <Text c="dimmed" mt={-4}>
        {t('unsubscribe.intro', { station: station.display_name })}
      </Text>
      <form onSubmit={afterUsPhoneCheck(submit)} noValidate>
        <AttachedFieldset>
          <Stack gap="lg">
            <UsPhoneInput
              label={t('phone.label')}
              placeholder={t('phone.placeholder')}
              withAsterisk
              size="md"
              value={form.values.phone}
              onChange={(phone) => form.setFieldValue('phone', phone)}
              error={form.errors.phone}
            />
            {mutation.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                {subscriberErrorText(mutation.error, t('errors.unsubscribeFailed'))}
              </Alert>
            )}
            <Button type="submit" size="md" fullWidth color="red" loading={mutation.isPending}>
              {t('unsubscribe.submit')}
            </Button>
          </Stack>
        </AttachedFieldset>
      </form>
      <Text fz="sm" c="dimmed" ta="center">
        {t('unsubscribe.stayPrompt')}{' '}
        <Anchor component={Link} to={joinPath} fz="sm">
          {t('unsubscribe.stayLink')}
        </Anchor>
      </Text>
    </StationCard>
  );
}
