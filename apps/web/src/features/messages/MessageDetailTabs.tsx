// The sections of the message detail below its always-visible header and actions: Content
// (the original, or its edit form, and the SMS preview), Translations, Delivery (the progress of its
// SMS with the recipients and the report, and its upcoming schedules) and Audio. Every panel stays
// mounted while the modal is open, so a half-written correction survives a look at another tab.
import { Divider, Stack, Tabs, Text } from '@mantine/core';
import { IconFileMusic, IconLanguage, IconMessage2, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TMessage } from '../../api/messages';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useMessagePageSlots } from '../../lib/message-page-slots';
import { AudioDownload } from './AudioDownload';
import { DeliveryProgress } from './DeliveryProgress';
import { useDeliveryProgressQuery } from './queries';
import { SmsPreview } from './SmsPreview';
import { type TReviewRequest, TranslationList } from './TranslationItem';

export const DETAIL_TABS = ['content', 'translations', 'delivery', 'audio'] as const;
export type TDetailTab = (typeof DETAIL_TABS)[number];

const ICONS: Record<TDetailTab, ReactNode> = {
  content: <IconMessage2 size={16} aria-hidden="true" />,
  translations: <IconLanguage size={16} aria-hidden="true" />,
  delivery: <IconSend size={16} aria-hidden="true" />,
  audio: <IconFileMusic size={16} aria-hidden="true" />,
};

type MessageDetailTabsProps = {
  message: TMessage;
  tab: TDetailTab;
  onTabChange: (tab: TDetailTab) => void;
  /** The edit form while editing, shown in place of the original. */
  editForm: ReactNode | null;
  /** The text the SMS preview counts: the one being edited, else the saved original. */
  previewOriginal: string;
  onSaved: (message: TMessage) => void;
  /** A translation staff asked to review from the send confirmation. */
  reviewRequest?: TReviewRequest | null;
};

export function MessageDetailTabs({
  message,
  tab,
  onTabChange,
  editForm,
  previewOriginal,
  onSaved,
  reviewRequest = null,
}: MessageDetailTabsProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  // On a phone (decision 0043) the four tabs fit on one line: no icons, narrower padding.
  const phone = useAdminPhone();
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value) onTabChange(value as TDetailTab);
      }}
      styles={phone ? { tab: { paddingInline: 'var(--mantine-spacing-xs)' } } : undefined}
    >
      <Tabs.List aria-label={t('tabs.label')}>
        {DETAIL_TABS.map((name) => (
          <Tabs.Tab key={name} value={name} leftSection={phone ? undefined : ICONS[name]}>
            {t(`tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="content" pt="md">
        <Stack gap="md">
          {editForm ?? (
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                {t('detail.content', { language: languageName(message.original_language) })}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }} lang={message.original_language}>
                {message.original}
              </Text>
            </Stack>
          )}
          <Divider />
          <SmsPreview message={message} original={previewOriginal} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="translations" pt="md">
        <TranslationList message={message} onSaved={onSaved} reviewRequest={reviewRequest} />
      </Tabs.Panel>
      <Tabs.Panel value="delivery" pt="md">
        <DeliveryPanel messageId={message.id} />
      </Tabs.Panel>
      <Tabs.Panel value="audio" pt="md">
        <AudioDownload message={message} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** The SMS progress and the upcoming schedules; a plain sentence before a first send. */
function DeliveryPanel({ messageId }: { messageId: string }) {
  const { MessageSchedules } = useMessagePageSlots();
  const { t } = useTranslation('messages');
  const progress = useDeliveryProgressQuery(messageId);
  return (
    <Stack gap="lg">
      {progress.data?.total === 0 && (
        <Text fz="sm" c="dimmed">
          {t('delivery.none')}
        </Text>
      )}
      <DeliveryProgress messageId={messageId} />
      <MessageSchedules messageId={messageId} />
    </Stack>
  );
}
