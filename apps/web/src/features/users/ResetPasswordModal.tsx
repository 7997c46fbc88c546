// Reset Password: confirms emailing the user a reset link; they verify a code sent by SMS before
// choosing a new password.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TStationUser } from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconMessage } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { usePasswordResetMutation } from './queries';
import { userErrorText } from './user-error';

type ResetPasswordModalProps = { user: TStationUser | null; onClose: () => void };

export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('resetPassword.title')}>
      {user && <ResetPasswordConfirm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function ResetPasswordConfirm({ user, onClose }: { user: TStationUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const reset = usePasswordResetMutation();

  return (
    <Stack gap="md">
      <Text fz="sm">{t('resetPassword.confirm', { email: user.email })}</Text>
      <Alert color="blue" variant="light" icon={<IconMessage size={18} aria-hidden="true" />} role="note">
        {t('resetPassword.smsNote')}
      </Alert>
      {reset.isSuccess && (
        <Alert color="green" icon={<IconCheck size={18} aria-hidden="true" />} role="status">
          {t('resetPassword.sent')}
        </Alert>
      )}
      {reset.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {userErrorText(reset.error, t('resetPassword.failed'))}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {reset.isSuccess ? (
          <Button onClick={onClose}>{t('close')}</Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose} disabled={reset.isPending}>
              {t('cancel')}
            </Button>
            <Button onClick={() => reset.mutate(user.email)} loading={reset.isPending}>
              {t('resetPassword.submit')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
