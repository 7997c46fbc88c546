// A Mantine Modal whose form is not thrown away by accident (use-guarded-modal.ts, decision 0076):
// a dirty form asks "Discard this draft?" before Escape, a click outside, the close button or Back
// close it; and the notice a form shows when it brought back a saved draft.
import { Alert, Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { GuardContext, useGuardedModal } from './use-guarded-modal';

export function GuardedModal({ opened, onClose, children, ...modalProps }: ModalProps) {
  const guard = useGuardedModal({ opened, onClose });
  const { requestClose, confirmDiscard, setFormGuard } = guard;
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        // While the question is up, Escape and a click are its own (Keep editing).
        closeOnEscape={!guard.asking}
        closeOnClickOutside={!guard.asking}
        {...modalProps}
      >
        <GuardContext value={{ requestClose, confirmDiscard, setFormGuard }}>{children}</GuardContext>
      </Modal>
      <DiscardDraftConfirm opened={guard.asking} onKeep={guard.keepEditing} onDiscard={guard.discard} />
    </>
  );
}

function DiscardDraftConfirm({
  opened,
  onKeep,
  onDiscard,
}: {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('drafts');
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={t('confirm.title')}
      centered
      size="sm"
      // Escape inside the question keeps editing. Not Mantine's window listener: it would take the
      // very Escape that asked the question, which reaches it once React has rendered the question.
      closeOnEscape={false}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onKeep();
      }}
    >
      <Text fz="sm">{t('confirm.text')}</Text>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {t('confirm.keep')}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {t('confirm.discard')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Above a form that brought back a saved draft (use-draft.ts): says so, and offers to start over. */
export function DraftRestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation('drafts');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRestore size={18} aria-hidden="true" />}
      role="status"
      py="xs"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm">{t('restored')}</Text>
        <Button size="compact-sm" variant="subtle" onClick={onDiscard}>
          {t('discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
}
