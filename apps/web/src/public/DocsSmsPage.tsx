// The SMS compliance guide: a markdown file in the UI language, its
// last-updated date, and 'Error Loading Documentation' with the reason when it cannot be read.
import { Alert, Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLoading } from '../components/ListStates';
import { PublicPage } from '../components/PublicPage';
import { MarkdownView } from './docs/MarkdownView';
import { useSmsDocumentQuery } from './docs/queries';
import { DocumentLoadError } from './docs/sms-document';
import { formatLongDate } from './legal/long-date';

function SmsDocument() {
  const { t, i18n } = useTranslation('docs');
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const guide = useSmsDocumentQuery(language);

  if (guide.isPending) return <ListLoading label={t('sms.loading')} />;
  if (guide.isError) {
    const reason = guide.error instanceof DocumentLoadError ? guide.error.reason : guide.error.message;
    return (
      <Alert color="red" title={t('sms.errorTitle')} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('sms.loadFailed', { reason })}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void guide.refetch()}>
            {t('sms.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { markdown, lastUpdated } = guide.data;
  return (
    <Stack gap="lg">
      {lastUpdated && (
        <Text c="dimmed" fz="sm">
          {t('sms.lastUpdated', { date: formatLongDate(lastUpdated, language) })}
        </Text>
      )}
      <MarkdownView markdown={markdown} />
    </Stack>
  );
}

export function DocsSmsPage() {
  const { t } = useTranslation('docs');
  return (
    <PublicPage title={t('sms.title')}>
      <Box maw={860}>
        <Anchor component={Link} to="/docs" fz="sm" mb="md" display="inline-flex" style={{ gap: 4 }}>
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('sms.back')}
        </Anchor>
        <SmsDocument />
      </Box>
    </PublicPage>
  );
}
