// Step 5: the Terms of Service in a scroll area, the consent box that registration needs, and the
// bot check that sending the code needs (decision 0054).
import { Alert, Anchor, Checkbox, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { TERMS_OF_SERVICE } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { BotCheckField } from '../../components/BotCheck';
import { formatTermsDate, TermsSections } from '../../components/TermsSections';
import type { TBotCheckState } from '../../components/use-bot-check';
import { useTranslation } from '../../i18n/react';
import { useTermsQuery } from './queries';
import { StepHeading } from './StepHeading';
import { type TStepProps, useFieldError } from './step-props';

export function TermsStep({ draft, errors, onChange, botCheck }: TStepProps & { botCheck: TBotCheckState }) {
  const { t, i18n } = useTranslation('registration');
  const errorOf = useFieldError(errors);
  const terms = useTermsQuery();
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <Stack gap="md">
      <StepHeading title={t('terms.title')} intro={t('terms.intro')} />
      <Text fz="sm" c="dimmed">
        {t('terms.dates', {
          effective: formatTermsDate(TERMS_OF_SERVICE.effectiveDate, language),
          updated: formatTermsDate(TERMS_OF_SERVICE.updated, language),
        })}
      </Text>
      {terms.isError && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {t('terms.unavailable')}{' '}
          <Anchor href="/terms" target="_blank" rel="noopener">
            {t('terms.readOnline')}
          </Anchor>
        </Alert>
      )}
      <Paper withBorder radius="md">
        <ScrollArea.Autosize mah={{ base: 320, sm: 380 }} type="auto" aria-label={t('terms.scrollLabel')}>
          <Stack p="md" tabIndex={0} role="document" aria-label={t('terms.scrollLabel')}>
            <TermsSections />
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      <Checkbox
        label={t('terms.consent')}
        checked={draft.termsConsent}
        onChange={(event) => onChange({ termsConsent: event.currentTarget.checked })}
        error={errorOf('termsConsent')}
      />
      <Stack gap={4}>
        <Text fz="sm" c="dimmed">
          {t('terms.botCheck')}
        </Text>
        <BotCheckField botCheck={botCheck} />
      </Stack>
    </Stack>
  );
}
