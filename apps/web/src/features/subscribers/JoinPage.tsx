// /join/{station}: loading, not found, closed, register form, verify form; once subscribed, the
// station's thank-you page /join/{station}/thanks (decision 0027).
import { Alert, Anchor, Text } from '@mantine/core';
import type { TStationPublicInfo, TSubscribeResponse } from '@message-station/shared';
import { formatUsPhone } from '@message-station/shared/catalogue';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { usPhoneE164OnceLoaded } from '../../components/UsPhoneInput';
import { useTranslation } from '../../i18n/react';
import { JoinForm, type TJoinValues, useJoinForm } from './JoinForm';
import { useStationInfoQuery } from './queries';
import { StationCard } from './StationCard';
import { StationNotFound } from './StationNotFound';

/** The code form shows after the number is sent: its code (the code input…) is not the first view's. */
const VerifyCodeForm = lazy(() =>
  import('./VerifyCodeForm').then((module) => ({ default: module.VerifyCodeForm })),
);

export function JoinPage() {
  const { station: slug = '' } = useParams();
  const info = useStationInfoQuery(slug);

  if (info.isPending) return <PageLoader />;
  if (info.isError) return <StationNotFound />;
  return <JoinFlow slug={slug} info={info.data} />;
}

type TPhase =
  | { kind: 'form' }
  | { kind: 'verify'; registration: TSubscribeResponse; phone: string; types: string[] };

/** What the thank-you page is told: the alert types the person chose. */
export type TThanksState = { types: string[] };

function JoinFlow({ slug, info }: { slug: string; info: TStationPublicInfo }) {
  const { t } = useTranslation('subscribers');
  const { station } = info;
  const form = useJoinForm(info);
  const [phase, setPhase] = useState<TPhase>({ kind: 'form' });
  const navigate = useNavigate();
  const thanks = (types: string[]) => {
    const state: TThanksState = { types };
    void navigate(`/join/${encodeURIComponent(slug)}/thanks`, { state });
  };

  // Each view starts at the top: the Subscribe and Verify buttons sit low on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [phase.kind]);

  if (!station.subscriptions_open && phase.kind === 'form') {
    return (
      <StationCard station={station} title={t('join.title')}>
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          title={t('join.closedTitle')}
          role="status"
        >
          {t('join.closed')}
        </Alert>
        <UnsubscribeLink slug={slug} />
      </StationCard>
    );
  }

  if (phase.kind === 'verify') {
    return (
      <StationCard station={station} title={t('verify.title')}>
        <Suspense fallback={<PageLoader />}>
          <VerifyCodeForm
            slug={slug}
            station={station}
            phone={phase.phone}
            registration={phase.registration}
            onRegistrationChange={(registration) => setPhase({ ...phase, registration })}
            onVerified={() => thanks(phase.types)}
            onChangeNumber={() => setPhase({ kind: 'form' })}
          />
        </Suspense>
      </StationCard>
    );
  }

  const registered = (values: TJoinValues, registration: TSubscribeResponse) => {
    if (!registration.requires_verification) {
      thanks(values.types);
      return;
    }
    setPhase({
      kind: 'verify',
      registration,
      phone: formatUsPhone(usPhoneE164OnceLoaded(values.phone)),
      types: values.types,
    });
  };

  return (
    <StationCard station={station} title={t('join.title')}>
      <Text c="dimmed" mt={-4}>
        {t('join.intro', { station: station.display_name })}
      </Text>
      <JoinForm slug={slug} info={info} form={form} onRegistered={registered} />
      <UnsubscribeLink slug={slug} />
    </StationCard>
  );
}

function UnsubscribeLink({ slug }: { slug: string }) {
  const { t } = useTranslation('subscribers');
  return (
    <Text fz="sm" c="dimmed" ta="center">
      {t('join.unsubscribePrompt')}{' '}
      <Anchor component={Link} to={`/unsubscribe/${encodeURIComponent(slug)}`} fz="sm">
        {t('join.unsubscribeLink')}
      </Anchor>
    </Text>
  );
}
