// The detail modal (spec §2, §4, §5): created time, Edit, Delete, Send SMS, machine selector,
// Play/Stop/Export; the content, type badge, translations with their status; edit mode with Save
// and Cancel (re-translates into the completed languages, else es and fr); the SMS preview.
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatMessageAge } from '@message-station/shared';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconEdit,
  IconMessage,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TStationMessageType } from '../../api/sms-contacts';
import { useSessionUser } from '../auth/session-user';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { TypeBadge } from './MessageBadges';
import {
  useAdminStationQuery,
  useDeleteMessageMutation,
  useSendSmsMutation,
  useUpdateMessageMutation,
} from './queries';
import { SmsPreview } from './SmsPreview';
import { TranslationItem } from './TranslationItem';
import { retranslationTargets, targetTranslations } from './translation-status';

/** Spec §4, §9: the success text clears after 2 s; the modal closes 1 s after a delete, 2 s after a send. */
export const SUCCESS_CLEAR_MS = 2000;
export const CLOSE_AFTER_DELETE_MS = 1000;
export const CLOSE_AFTER_SEND_MS = 2000;

type MessageDetailModalProps = {
  message: TMessage | null;
  types: TStationMessageType[];
  onClose: () => void;
  /** The server's copy after a change made here. */
  onSaved: (message: TMessage) => void;
  /** Opens the full form (type and languages). */
  onEditAll: (message: TMessage) => void;
};

export function MessageDetailModal({ message, onClose, ...rest }: MessageDetailModalProps) {
  const { t } = useTranslation('messages');
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={message ? message.title.trim() || t('untitled') : ''}
      size="xl"
    >
      {message && <MessageDetail key={message.id} message={message} onClose={onClose} {...rest} />}
    </Modal>
  );
}

type TOutcome = { kind: 'success' | 'error'; text: string } | null;
type TConfirming = 'delete' | 'send' | null;

function MessageDetail({
  message,
  types,
  onClose,
  onSaved,
  onEditAll,
}: MessageDetailModalProps & { message: TMessage }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const user = useSessionUser();
  const station = useAdminStationQuery();
  const update = useUpdateMessageMutation();
  const remove = useDeleteMessageMutation();
  const send = useSendSmsMutation();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(message.title);
  const [content, setContent] = useState(message.original);
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const [confirming, setConfirming] = useState<TConfirming>(null);
  const [closeAfter, setCloseAfter] = useState<number | null>(null);

  // The success text clears after 2 s.
  useEffect(() => {
    if (outcome?.kind !== 'success' || closeAfter !== null) return;
    const timer = setTimeout(() => setOutcome(null), SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [outcome, closeAfter]);

  // The parent's onClose changes on every render; the timer must not restart with it.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (closeAfter === null) return;
    const timer = setTimeout(() => onCloseRef.current(), closeAfter);
    return () => clearTimeout(timer);
  }, [closeAfter]);

  const retranslateInto = retranslationTargets(message);
  const busy = update.isPending || remove.isPending || send.isPending || closeAfter !== null;

  const startEditing = () => {
    setTitle(message.title);
    setContent(message.original);
    setOutcome(null);
    setConfirming(null);
    setEditing(true);
  };

  const save = () => {
    if (!title.trim() || !content.trim()) {
      setOutcome({ kind: 'error', text: t('detail.required') });
      return;
    }
    update.mutate(
      {
        id: message.id,
        input: {
          title: title.trim(),
          original: content.trim(),
          original_language: message.original_language,
          target_languages: retranslateInto,
          message_type: message.message_type,
        },
      },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          setEditing(false);
          setOutcome({ kind: 'success', text: t('detail.updated') });
        },
        onError: (error) =>
          setOutcome({ kind: 'error', text: serverErrorText(error, t('detail.updateFailed')) }),
      },
    );
  };

  const confirmDelete = () => {
    remove.mutate(message.id, {
      onSuccess: () => {
        setConfirming(null);
        setOutcome({ kind: 'success', text: t('detail.deleted') });
        setCloseAfter(CLOSE_AFTER_DELETE_MS);
      },
      onError: (error) => {
        setConfirming(null);
        setOutcome({ kind: 'error', text: serverErrorText(error, t('detail.deleteFailed')) });
      },
    });
  };

  const confirmSend = () => {
    send.mutate(message.id, {
      onSuccess: (reply) => {
        setConfirming(null);
        setOutcome({ kind: 'success', text: t('sms.sent', { count: reply.sent_count }) });
        setCloseAfter(CLOSE_AFTER_SEND_MS);
      },
      onError: (error) => {
        setConfirming(null);
        setOutcome({ kind: 'error', text: serverErrorText(error, t('sms.failed')) });
      },
    });
  };

  // Send SMS: admin only, SMS switched on, credits above 0 (spec §5).
  const smsBlocked =
    user.role !== 'admin'
      ? t('sms.adminOnly')
      : !station.data
        ? null
        : !station.data.sms_enabled
          ? t('sms.notEnabled')
          : station.data.sms_credits_balance <= 0
            ? t('sms.noCredits')
            : null;
  const smsReady = user.role === 'admin' && Boolean(station.data) && smsBlocked === null;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString('en-US')}>
              {t('detail.created', { time: formatMessageAge(message.createdAt) })}
            </time>
          </Text>
          <TypeBadge type={message.message_type} types={types} />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden="true" />}
            onClick={startEditing}
            disabled={editing || busy}
          >
            {t('detail.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => {
              setOutcome(null);
              setConfirming('delete');
            }}
            disabled={busy}
          >
            {t('detail.delete')}
          </Button>
        </Group>
      </Group>

      <Group gap="xs" align="flex-end" wrap="wrap">
        <BlockedButton
          reason={smsBlocked}
          disabled={!smsReady || busy}
          icon={<IconMessage size={14} aria-hidden="true" />}
          color="green"
          onClick={() => {
            setOutcome(null);
            setConfirming('send');
          }}
          onBlockedClick={
            user.role === 'admin' ? undefined : () => setOutcome({ kind: 'error', text: t('sms.onlyAdmins') })
          }
        >
          {t('sms.send')}
        </BlockedButton>
        <Select
          size="xs"
          aria-label={t('machines.label')}
          placeholder={t('machines.none')}
          data={[]}
          disabled
          w={200}
        />
        {/* No machine can be chosen here yet: Play, Stop and Export wait for one (spec §5). */}
        <BlockedButton
          reason={t('machines.selectMachine')}
          disabled
          icon={<IconPlayerPlay size={14} aria-hidden="true" />}
        >
          {t('machines.play')}
        </BlockedButton>
        <BlockedButton
          reason={t('machines.selectMachine')}
          disabled
          icon={<IconPlayerStop size={14} aria-hidden="true" />}
        >
          {t('machines.stop')}
        </BlockedButton>
        <BlockedButton
          reason={t('machines.selectMachine')}
          disabled
          icon={<IconDownload size={14} aria-hidden="true" />}
        >
          {t('machines.export')}
        </BlockedButton>
      </Group>

      {confirming === 'delete' && (
        <Confirm
          text={t('detail.deleteConfirm')}
          confirmLabel={t('detail.deleteConfirmButton')}
          color="red"
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'send' && (
        <Confirm
          text={t('sms.confirmText', {
            type:
              types.find((type) => type.message_type === message.message_type)?.display_name ??
              message.message_type,
          })}
          confirmLabel={t('sms.confirm')}
          color="green"
          loading={send.isPending}
          onConfirm={confirmSend}
          onCancel={() => setConfirming(null)}
        />
      )}
      {outcome && (
        <Alert
          color={outcome.kind === 'success' ? 'green' : 'red'}
          icon={
            outcome.kind === 'success' ? (
              <IconCheck size={18} aria-hidden="true" />
            ) : (
              <IconAlertCircle size={18} aria-hidden="true" />
            )
          }
          role={outcome.kind === 'success' ? 'status' : 'alert'}
        >
          {outcome.text}
        </Alert>
      )}

      {editing ? (
        <Stack gap="sm">
          <TextInput
            label={t('detail.titleLabel')}
            withAsterisk
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label={t('detail.contentLabel', { language: languageName(message.original_language) })}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          <Text fz="sm" c="dimmed">
            {t('detail.retranslateNote', {
              languages: retranslateInto.map((code) => languageName(code)).join(', '),
            })}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" size="compact-sm" onClick={() => onEditAll(message)}>
              {t('detail.editAll')}
            </Button>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  setEditing(false);
                  setOutcome(null);
                }}
              >
                {t('detail.cancel')}
              </Button>
              <Button onClick={save} loading={update.isPending}>
                {t('detail.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
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
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('detail.translations')}
        </Title>
        {targetTranslations(message).length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('detail.noTranslations')}
          </Text>
        ) : (
          targetTranslations(message).map(({ language, translation }) => (
            <TranslationItem
              key={language}
              message={message}
              language={language}
              translation={translation}
              onSaved={onSaved}
            />
          ))
        )}
      </Stack>

      <Divider />
      <SmsPreview message={message} original={editing ? content : message.original} />
    </Stack>
  );
}

type BlockedButtonProps = {
  /** Why it cannot be used, shown as tooltip; null when it can. */
  reason: string | null;
  disabled: boolean;
  icon: ReactNode;
  color?: string;
  onClick?: () => void;
  /** A click while disabled. */
  onBlockedClick?: () => void;
  children: string;
};

/** A button that stays focusable when disabled so its tooltip explaining why can be reached. */
function BlockedButton({
  reason,
  disabled,
  icon,
  color,
  onClick,
  onBlockedClick,
  children,
}: BlockedButtonProps) {
  const button = (
    <Button
      size="xs"
      variant="light"
      color={color}
      leftSection={icon}
      onClick={(event) => {
        if (!disabled) onClick?.();
        else {
          event.preventDefault();
          onBlockedClick?.();
        }
      }}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip label={reason} withArrow>
      {button}
    </Tooltip>
  );
}

type ConfirmProps = {
  text: string;
  confirmLabel: string;
  color: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

function Confirm({ text, confirmLabel, color, loading, onConfirm, onCancel }: ConfirmProps) {
  const { t } = useTranslation('messages');
  return (
    <Alert color={color} variant="light" role="alertdialog" aria-label={text}>
      <Stack gap="sm">
        <Text fz="sm">{text}</Text>
        <Group gap="sm" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={loading}>
            {t('detail.cancel')}
          </Button>
          <Button size="xs" color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
