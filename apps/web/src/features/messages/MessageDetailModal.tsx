// The detail modal: always in view, the created time and type badge; Send SMS (the one filled
// action, red for an emergency), Schedule, Edit and More actions (Delete, decision 0085); the
// machine selector with Play/Stop/Export; below them the sections in tabs
// (MessageDetailTabs): the content with its SMS preview, translations with their status, the
// delivery progress of its SMS, the audio file rendered by the server. Edit mode has Save and Cancel
// (re-translates into the completed languages, else es and fr). After a send the modal stays open
// on the Delivery tab, where the progress moves live. Edit mode keeps a draft and asks before a
// change is thrown away (use-detail-edit.ts, decision 0076).
import { Button, Group, Stack, Text } from '@mantine/core';
import { relativeAge, TEXT_LIMITS, type TSendResult } from '@message-station/shared';
import { IconEdit, IconMessage } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TStationMessageType } from '../../api/sms-contacts';
import { BlockedButton, Confirm, OutcomeAlert, type TOutcome } from '../../components/DetailControls';
import { DraftRestoredNotice, GuardedModal } from '../../components/GuardedModal';
import { destructive, MoreActionsMenu } from '../../components/MoreActionsMenu';
import { exceededLimit } from '../../components/TextLimit';
import { TypeBadge } from '../../components/TypeBadge';
import { useAdminPhone } from '../../components/use-admin-phone';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText, useRelativeAgeText } from '../../i18n/relative-age';
import { useMessagePageSlots } from '../../lib/message-page-slots';
import { ApprovalPanel } from './approvals/ApprovalPanel';
import { DetailEditForm } from './DetailEditForm';
import { HeldAfterRestoreNotice } from './HeldAfterRestoreNotice';
import { MachineControls } from './MachineControls';
import { MessageDetailTabs, type TDetailTab } from './MessageDetailTabs';
import { useDeleteMessageMutation, useSmsSending, useUpdateMessageMutation } from './queries';
import { SendSmsDialog } from './SendSmsDialog';
import { SendRequestPanel } from './send-requests/SendRequestPanel';
import type { TReviewRequest } from './TranslationItem';
import { retranslationTargets } from './translation-status';
import { useDetailEdit } from './use-detail-edit';
import { useSendSmsHold } from './use-send-sms-hold';

/**
 * The success text clears after 2 s; the modal closes 1 s after a delete. After a send
 * it stays open and its success text stays: it says how many texts wait for 8 AM.
 */
export const SUCCESS_CLEAR_MS = 2000;
export const CLOSE_AFTER_DELETE_MS = 1000;

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
  // On a phone (decision 0043) the detail takes the whole screen: its actions and a tab's content
  // fit without a frame.
  const phone = useAdminPhone();
  return (
    <GuardedModal
      opened={message !== null}
      onClose={onClose}
      title={message ? message.title.trim() || t('untitled') : ''}
      size="xl"
      fullScreen={phone}
      padding={phone ? 'xs' : undefined}
    >
      {message && <MessageDetail key={message.id} message={message} onClose={onClose} {...rest} />}
    </GuardedModal>
  );
}

type TConfirming = 'delete' | 'send' | null;

function MessageDetail({
  message,
  types,
  onClose,
  onSaved,
  onEditAll,
}: MessageDetailModalProps & { message: TMessage }) {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const ageText = useRelativeAgeText();
  const fullTime = useFullTimeText();
  const { maySendSms, approvalHold, smsBlocked, smsReady } = useSendSmsHold(message);
  const { ScheduleButton } = useMessagePageSlots();
  const update = useUpdateMessageMutation();
  const remove = useDeleteMessageMutation();
  const sending = useSmsSending();
  const edit = useDetailEdit(message);
  const { editing, title, content } = edit;
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const [confirming, setConfirming] = useState<TConfirming>(null);
  const [closing, setClosing] = useState(false);
  const [tab, setTab] = useState<TDetailTab>('content');
  const [reviewRequest, setReviewRequest] = useState<TReviewRequest | null>(null);

  // The success text clears after 2 s, unless it is one to keep (a send's) or the modal is closing.
  useEffect(() => {
    if (outcome?.kind !== 'success' || outcome.keep || closing) return;
    const timer = setTimeout(() => setOutcome(null), SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [outcome, closing]);

  // The parent's onClose changes on every render; the timer must not restart with it.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => onCloseRef.current(), CLOSE_AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const retranslateInto = retranslationTargets(message);
  const busy = update.isPending || remove.isPending || sending || closing;

  const startEditing = () => {
    edit.start();
    setOutcome(null);
    setConfirming(null);
    setTab('content');
  };

  const save = () => {
    if (!title.trim() || !content.trim()) {
      setOutcome({ kind: 'error', text: t('detail.required') });
      return;
    }
    const max = exceededLimit([title, TEXT_LIMITS.messageTitle], [content, TEXT_LIMITS.messageBody]);
    if (max) {
      setOutcome({ kind: 'error', text: tc('textLimit.tooLong', { max }) });
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
          edit.done();
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
        edit.done();
        setOutcome({ kind: 'success', text: t('detail.deleted') });
        setClosing(true);
      },
      onError: (error) => {
        setConfirming(null);
        setOutcome({ kind: 'error', text: serverErrorText(error, t('detail.deleteFailed')) });
      },
    });
  };

  const sent = (result: TSendResult) => {
    setConfirming(null);
    // The spec's success text, then the truth about quiet hours: held texts have not gone yet.
    const held =
      result.waiting > 0
        ? `. ${t('send.waiting', { count: result.waiting, recipients: formatCount(result.waiting) })}`
        : '';
    setOutcome({
      kind: 'success',
      text: `${t('sms.sent', { count: result.sent_count })}${held}`,
      keep: true,
    });
    // The progress is watched where it moves.
    setTab('delivery');
  };

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fz="sm" c="dimmed">
          <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
            {/* 'Created just now', not 'Created Just now': the standalone words start with a capital. */}
            {relativeAge(message.createdAt).kind === 'now'
              ? t('detail.createdNow')
              : t('detail.created', { time: ageText(message.createdAt) })}
          </time>
        </Text>
        <TypeBadge type={message.message_type} types={types} />
      </Group>

      {/* The one filled action: Send SMS, in its type's emphasis; Schedule and Edit beside it, Delete in the menu. */}
      <Group justify="space-between" gap="xs" data-testid="detail-actions">
        <Group gap="xs" wrap="nowrap">
          <BlockedButton
            reason={smsBlocked}
            disabled={!smsReady || busy}
            icon={<IconMessage size={14} aria-hidden="true" />}
            variant="filled"
            color={message.message_type === 'emergency' ? 'red' : undefined}
            onClick={() => {
              setOutcome(null);
              setConfirming('send');
            }}
            onBlockedClick={
              maySendSms ? undefined : () => setOutcome({ kind: 'error', text: t('sms.onlyAdmins') })
            }
          >
            {t('sms.send')}
          </BlockedButton>
          <ScheduleButton
            message={message}
            busy={busy}
            hold={approvalHold}
            onOutcome={(scheduled) => {
              setOutcome(scheduled);
              // The saved schedule shows among the message's schedules on the Delivery tab.
              if (scheduled?.kind === 'success') setTab('delivery');
            }}
          />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden="true" />}
            onClick={startEditing}
            disabled={editing || busy}
          >
            {t('detail.edit')}
          </Button>
          <MoreActionsMenu
            label={t('detail.moreActions')}
            disabled={busy}
            actions={[
              destructive(t('detail.delete'), () => {
                setOutcome(null);
                setConfirming('delete');
              }),
            ]}
          />
        </Group>
      </Group>
      {/* Playing on air: the machine and its controls, a row of their own. */}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <MachineControls messageId={message.id} busy={busy} onOutcome={setOutcome} playHold={approvalHold} />
      </Group>
      <ApprovalPanel approval={message.approval} />
      <SendRequestPanel
        messageId={message.id}
        sendBlocked={smsBlocked}
        busy={busy}
        onSend={() => {
          setOutcome(null);
          setConfirming('send');
        }}
      />
      <HeldAfterRestoreNotice messageId={message.id} />

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
        <SendSmsDialog
          messageId={message.id}
          typeName={
            types.find((type) => type.message_type === message.message_type)?.display_name ??
            message.message_type
          }
          onSent={sent}
          onCancel={() => setConfirming(null)}
          onReview={(language) => {
            // The confirmation closes; the translation's review opens where it is done.
            setConfirming(null);
            setTab('translations');
            setReviewRequest({ language, at: Date.now() });
          }}
        />
      )}
      {outcome && <OutcomeAlert outcome={outcome} />}

      <MessageDetailTabs
        message={message}
        tab={tab}
        onTabChange={setTab}
        previewOriginal={editing ? content : message.original}
        onSaved={onSaved}
        reviewRequest={reviewRequest}
        editForm={
          editing ? (
            <>
              {edit.restoredShown && <DraftRestoredNotice onDiscard={edit.discardDraft} />}
              <DetailEditForm
                message={message}
                title={title}
                content={content}
                onTitleChange={edit.setTitle}
                onContentChange={edit.setContent}
                retranslateInto={retranslateInto}
                saving={update.isPending}
                onSave={save}
                onCancel={() => edit.cancel(() => setOutcome(null))}
                onEditAll={() => onEditAll(message)}
              />
            </>
          ) : null
        }
      />
    </Stack>
  );
}
