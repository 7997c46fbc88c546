// /admin/inbox: the station's conversations with its subscribers (decision 0040): the list with
// unread counts, the open conversation (read on opening) with each text's translation, and the
// reply box. Live through the inbox stream the nav opens. Admins switch the auto-reply here.
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { actsAsStationAdmin, formatUsPhone, type TInboxConversation } from '@message-station/shared';
import { IconArrowLeft, IconInbox } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session-user';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useRelativeAgeText } from '../../i18n/relative-age';
import { useLanguageName } from '../../i18n/use-language-name';
import { ConversationThread } from './ConversationThread';
import {
  useInboxQuery,
  useInboxSettingsQuery,
  useInboxThreadQuery,
  useMarkReadMutation,
  useSaveInboxSettingsMutation,
} from './queries';
import { ReplyBox } from './ReplyBox';

function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('inbox');
  if (status === null)
    return (
      <Badge variant="outline" color="gray">
        {t('noContact')}
      </Badge>
    );
  if (status !== 'opted_out' && status !== 'paused' && status !== 'pending') return null;
  return <Badge color={status === 'opted_out' ? 'red' : 'gray'}>{t(`status.${status}`)}</Badge>;
}

function ConversationRow(props: { conversation: TInboxConversation; selected: boolean; onOpen: () => void }) {
  const { conversation: c, selected } = props;
  const { t } = useTranslation('inbox');
  const age = useRelativeAgeText();
  return (
    <UnstyledButton
      onClick={props.onOpen}
      p="sm"
      aria-current={selected ? 'true' : undefined}
      data-conversation={c.phone}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread_count > 0 ? 700 : 500} truncate>
          {c.contact_name ?? formatUsPhone(c.phone)}
        </Text>
        {c.unread_count > 0 && (
          <Badge color="red" size="sm" aria-label={t('unread', { count: c.unread_count })}>
            {c.unread_count}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {c.last_preview}
      </Text>
      <Text size="xs" c="dimmed">
        {age(c.last_message_at)}
      </Text>
    </UnstyledButton>
  );
}

function AutoReplySwitch() {
  const { t } = useTranslation('inbox');
  const isAdmin = actsAsStationAdmin(useSessionUser());
  const settings = useInboxSettingsQuery();
  const save = useSaveInboxSettingsMutation();
  const on = settings.data?.auto_reply ?? false;
  if (!isAdmin) return <Text size="sm">{on ? t('autoReply.on') : t('autoReply.off')}</Text>;
  return (
    <Stack gap={4} maw={420}>
      <Switch
        label={t('autoReply.label')}
        description={t('autoReply.description')}
        checked={on}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate({ auto_reply: event.currentTarget.checked })}
      />
      {save.isError && (
        <Text size="sm" c="red">
          {t('autoReply.saveFailed')}
        </Text>
      )}
    </Stack>
  );
}

function OpenConversation({ id }: { id: string }) {
  const { t } = useTranslation('inbox');
  const languageName = useLanguageName();
  const thread = useInboxThreadQuery(id);
  const markRead = useMarkReadMutation();
  const unread = thread.data?.conversation.unread_count ?? 0;
  const latest = thread.data?.messages.at(-1)?.id ?? '';
  // Opening reads it; a text that arrives while it is open is read too (once per latest text).
  const readUpTo = useRef('');
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread === 0 || readUpTo.current === latest) return;
    readUpTo.current = latest;
    read(id);
  }, [id, unread, latest, read]);

  if (thread.isPending) return <ListLoading label={t('loading')} />;
  if (thread.isError) return <Alert color="red">{thread.error.message}</Alert>;
  const { conversation } = thread.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>{conversation.contact_name ?? formatUsPhone(conversation.phone)}</Title>
          <Text size="sm" c="dimmed">
            {conversation.contact_name ? `${formatUsPhone(conversation.phone)} · ` : ''}
            {t('writesIn', { language: languageName(conversation.language) })}
          </Text>
        </div>
        <StatusBadge status={conversation.contact_status} />
      </Group>
      <ConversationThread thread={thread.data} />
      <ReplyBox key={conversation.id} conversation={conversation} />
    </Stack>
  );
}

export function InboxPage() {
  const { t } = useTranslation('inbox');
  const languageName = useLanguageName();
  const inbox = useInboxQuery();
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const conversations = inbox.data?.conversations ?? [];
  const stationLanguage = useInboxThreadQuery(openId).data?.station_language;
  const phone = useAdminPhone();
  const list = (
    <Stack gap={2} component="nav" aria-label={t('conversations')}>
      {conversations.map((c) => (
        <ConversationRow
          key={c.id}
          conversation={c}
          selected={c.id === openId}
          onOpen={() => setParams({ c: c.id })}
        />
      ))}
    </Stack>
  );

  return (
    <>
      <PageTitle
        description={t('intro', { language: languageName(stationLanguage ?? 'en') })}
        actions={<AutoReplySwitch />}
      >
        {t('title')}
      </PageTitle>
      {inbox.isPending && <ListLoading label={t('loading')} />}
      {inbox.isError && (
        <ListLoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void inbox.refetch()}
        />
      )}
      {inbox.data && conversations.length === 0 && (
        <Card p={{ base: 'md', sm: 'lg' }}>
          <ListEmpty icon={<IconInbox size={24} />} title={t('empty')} />
        </Card>
      )}
      {conversations.length > 0 && phone && (
        // A phone shows the list, or one conversation with the way back to it (Back works too: the
        // conversation is in the address).
        <Card withBorder p={openId ? 'md' : 'xs'}>
          {openId ? (
            <Stack gap="sm">
              <Button
                variant="subtle"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                onClick={() => setParams({})}
                style={{ alignSelf: 'flex-start' }}
                px={4}
              >
                {t('allConversations')}
              </Button>
              <OpenConversation key={openId} id={openId} />
            </Stack>
          ) : (
            list
          )}
        </Card>
      )}
      {conversations.length > 0 && !phone && (
        <Grid>
          <Grid.Col span={4}>
            <Card withBorder p="xs">
              {list}
            </Card>
          </Grid.Col>
          <Grid.Col span={8}>
            <Card withBorder>
              {openId ? <OpenConversation key={openId} id={openId} /> : <Text c="dimmed">{t('choose')}</Text>}
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
