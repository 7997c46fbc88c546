// The real room for a text in one SMS (decision 0052): 1,600 characters minus the station's name
// and the opt-out line in that language, counted by the shared smsTextFit the server refuses with,
// so the counter under a message's text says "1,540 / 1,566", never "1,540 / 1,600".
import { Text } from '@mantine/core';
import { SMS_BODY_LIMIT, smsTextFit, TEXT_LIMITS, type TSmsTextFit } from '@message-station/shared';
import { formatCount } from '../i18n/formats';
import { useTranslation } from '../i18n/react';
import { useAdminStationQuery } from '../lib/station-queries';
import { countedProps } from './TextLimit';

/** How `text` fits its language's SMS at this station; null while the station's name loads. */
export function useSmsFit(text: string, language: string): TSmsTextFit | null {
  const station = useAdminStationQuery();
  const stationName = station.data?.display_name;
  if (stationName === undefined) return null;
  return smsTextFit({ stationName, language }, text);
}

/** "1,540 / 1,566 characters in one SMS", red with how many too many when over. */
export function SmsBudgetCount({ fit }: { fit: TSmsTextFit }) {
  const { t } = useTranslation('messages');
  const over = fit.length - fit.max;
  const values = {
    length: formatCount(fit.length),
    max: formatCount(fit.max),
    overhead: formatCount(SMS_BODY_LIMIT - fit.max),
    over: formatCount(over),
  };
  return (
    <Text
      component="span"
      display="block"
      ta="right"
      fz="xs"
      c={over > 0 ? 'red.8' : 'dimmed'}
      data-sms-budget={fit.max}
      aria-live="polite"
    >
      {over > 0 ? t('budget.over', values) : t('budget.count', values)}
    </Text>
  );
}

/**
 * Spread on the Textarea of a message's text in `language`: it stops at the stored limit, and the
 * counter under it is the SMS budget (the plain character count until the station is known).
 */
export function useSmsBudgetProps(text: string, language: string) {
  const fit = useSmsFit(text, language);
  const plain = countedProps(text, TEXT_LIMITS.messageBody);
  return fit ? { ...plain, description: <SmsBudgetCount fit={fit} /> } : plain;
}
