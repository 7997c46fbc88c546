// /docs/api: the API reference inside the site (its header, footer and language), with our own
// words around it in the UI language and Swagger UI's interactive reference of the v1 OpenAPI
// document below them, in English as the document is (decision 0078).
import { Alert, Anchor, Box, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EVENT_STREAM_RETRY_MS } from '@message-station/shared/catalogue';
import { IconAlertCircle, IconFileCode } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ListLoading } from '../components/ListStates';
import { PublicPage } from '../components/PublicPage';
import { Trans, useTranslation } from '../i18n/react';
import { AllDocumentationLink } from './docs/AllDocumentationLink';
import { keepNaming, loadSwaggerUi, OPENAPI_DOCUMENT_URL, startReference } from './docs/swagger-ui';
import './docs/api-reference.css';

type TReferenceState = 'loading' | 'ready' | 'failed';

/** Swagger UI in a node React leaves alone; a new node for each attempt. */
function SwaggerReference({ onState }: { onState: (state: TReferenceState) => void }) {
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = node.current;
    if (!root) return;
    let stopNaming: (() => void) | null = null;
    let left = false;
    loadSwaggerUi()
      .then((bundle) => {
        if (left) return;
        startReference(bundle, root, () => {
          if (!left) onState('ready');
        });
        stopNaming = keepNaming(root);
      })
      .catch((error: unknown) => {
        console.warn('The API reference could not load', error);
        if (!left) onState('failed');
      });
    return () => {
      left = true;
      stopNaming?.();
    };
  }, [onState]);
  // Swagger UI's texts are the OpenAPI document's and its own: English.
  return <div ref={node} lang="en" className="ms-api-reference" />;
}

function ApiReference() {
  const { t } = useTranslation('docs');
  const [state, setState] = useState<TReferenceState>('loading');
  const [attempt, setAttempt] = useState(0);
  return (
    <Box component="section" aria-label={t('api.reference')} mt="xl">
      {state === 'loading' && <ListLoading label={t('api.loading')} />}
      {state === 'failed' ? (
        <Alert color="red" title={t('api.failed')} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => {
              setState('loading');
              setAttempt((count) => count + 1);
            }}
          >
            {t('api.retry')}
          </Button>
        </Alert>
      ) : (
        <SwaggerReference key={attempt} onState={setState} />
      )}
    </Box>
  );
}

export function DocsApiPage() {
  const { t } = useTranslation('docs');
  return (
    <PublicPage title={t('index.api.title')}>
      <Stack gap="md" maw={860}>
        <Group justify="space-between" gap="xs">
          <AllDocumentationLink />
          {/* The document itself, not a page of the app: a full load. */}
          <Anchor href={OPENAPI_DOCUMENT_URL} fz="sm" display="inline-flex" style={{ gap: 4 }} mb="md">
            <IconFileCode size={16} aria-hidden="true" />
            {t('api.openapi')}
          </Anchor>
        </Group>
        <Text>{t('api.intro')}</Text>
        <Paper withBorder p="md" radius="md" bg="blue.0" component="section" aria-labelledby="event-streams">
          <Title order={2} fz="md" mb={4} id="event-streams">
            {t('api.streamsTitle')}
          </Title>
          <Text fz="sm">
            <Trans
              t={t}
              i18nKey="api.streams"
              values={{ retryMs: EVENT_STREAM_RETRY_MS, seconds: EVENT_STREAM_RETRY_MS / 1000 }}
              components={{ code: <Code />, strong: <strong /> }}
            />
          </Text>
        </Paper>
      </Stack>
      <ApiReference />
    </PublicPage>
  );
}
