// The documentation's guides (SMS compliance, station setup, the desktop app): a markdown file in
// the UI language, its last-updated date, and 'Error Loading Documentation' with the reason when
// it cannot be read. Each guide is a page of its own (routes.tsx).
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ListLoading } from '../components/ListStates';
import { PublicPage } from '../components/PublicPage';
import { useTranslation } from '../i18n/react';
import { AllDocumentationLink } from './docs/AllDocumentationLink';
import { DocumentLoadError, type TDocsGuide } from './docs/guide-document';
import { MarkdownView } from './docs/MarkdownView';
import { useGuideQuery } from './docs/queries';
import { formatLongDate } from './legal/long-date';

function GuideDocument({ guide }: { guide: TDocsGuide }) {
  const { t, i18n } = useTranslation('docs');
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const query = useGuideQuery(guide, language);

  if (query.isPending) return <ListLoading label={t('guide.loading')} />;
  if (query.isError) {
    const reason = query.error instanceof DocumentLoadError ? query.error.reason : query.error.message;
    return (
      <Alert
        color="red"
        title={t('guide.errorTitle')}
        icon={<IconAlertCircle size={18} aria-hidden="true" />}
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('guide.loadFailed', { reason })}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('guide.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { markdown, lastUpdated } = query.data;
  return (
    <Stack gap="lg">
      {lastUpdated && (
        <Text c="dimmed" fz="sm">
          {t('guide.lastUpdated', { date: formatLongDate(lastUpdated, language) })}
        </Text>
      )}
      <MarkdownView markdown={markdown} />
    </Stack>
  );
}

function GuidePage({ guide }: { guide: TDocsGuide }) {
  const { t } = useTranslation('docs');
  return (
    <PublicPage title={t(`index.${guide}.title`)}>
      <Box maw={860}>
        <AllDocumentationLink />
        <GuideDocument guide={guide} />
      </Box>
    </PublicPage>
  );
}

export function DocsSmsPage() {
  return <GuidePage guide="sms" />;
}

export function DocsSetupPage() {
  return <GuidePage guide="setup" />;
}

export function DocsDesktopPage() {
  return <GuidePage guide="desktop" />;
}
