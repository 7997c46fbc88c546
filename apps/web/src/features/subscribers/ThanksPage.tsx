// /join/{station}/thanks: the station's own thank-you page after a join, in the subscriber's
// language and the station's colours.

import { useLocation, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useTranslation } from '../../i18n/react';
import type { TThanksState } from './JoinPage';
import { useStationInfoQuery } from './queries';
import { StationCard } from './StationCard';
import { StationNotFound } from './StationNotFound';
import { SubscribedNotice } from './SubscribedNotice';

function chosenTypes(state: unknown): string[] {
  const types = (state as Partial<TThanksState> | null)?.types;
  return Array.isArray(types) ? types.filter((type): type is string => typeof type === 'string') : [];
}

export function ThanksPage() {
  const { t } = useTranslation('subscribers');
  const { station: slug = '' } = useParams();
  const location = useLocation();
  const info = useStationInfoQuery(slug);

  if (info.isPending) return <PageLoader />;
  if (info.isError) return <StationNotFound />;
  return (
    <StationCard station={info.data.station} title={t('success.title')}>
      <SubscribedNotice slug={slug} info={info.data} types={chosenTypes(location.state)} />
    </StationCard>
  );
}
