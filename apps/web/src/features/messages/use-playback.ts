// Playback of one message on a machine: idle → Play →
// starting until the machine's playback_state_changed 'playing' event confirms it → playing; Stop →
// stopping → idle on the 'stopped' event or a successful stop answer. A failed play resets to idle.
// Export asks the machine to write the audio files and says where they went.
import type { TConnectedClient } from '@message-station/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverErrorText } from '../../api/client';
import { sendMachineCommand } from '../../api/machines';
import type { TOutcome } from '../../components/DetailControls';
import { useTranslation } from '../../i18n/react';
import { usePlaybackEvents } from './playback-events';

export type TPlaybackPhase = 'idle' | 'starting' | 'playing' | 'stopping';

/** The phase, and the machine it concerns (null while idle). */
export type TPlayback = { phase: TPlaybackPhase; clientId: string | null };

const IDLE: TPlayback = { phase: 'idle', clientId: null };

type TReport = (outcome: TOutcome | null) => void;

export function usePlayback(
  messageId: string,
  /** The connected machines once known: playback on one that left is over. */
  clients: TConnectedClient[] | undefined,
  report: TReport,
) {
  const { t } = useTranslation('messages');
  const [playback, setPlayback] = useState<TPlayback>(IDLE);
  const command = (name: 'play' | 'stop' | 'export') => (clientId: string) =>
    sendMachineCommand(name, messageId, clientId);
  const play = useMutation({ mutationFn: command('play') });
  const stop = useMutation({ mutationFn: command('stop') });
  const exportFiles = useMutation({ mutationFn: command('export') });

  usePlaybackEvents(messageId, (event) => {
    if (event.status === 'stopped') {
      setPlayback(IDLE);
      return;
    }
    // A late 'playing' does not undo a Stop already on its way.
    setPlayback((current) =>
      current.phase === 'stopping'
        ? current
        : { phase: 'playing', clientId: event.client_id || current.clientId },
    );
  });

  const playingOnId = playback.clientId;
  const machineLeft = Boolean(
    playingOnId && clients && !clients.some((client) => client.client_id === playingOnId),
  );
  useEffect(() => {
    if (machineLeft) setPlayback(IDLE);
  }, [machineLeft]);

  const startPlaying = (clientId: string) => {
    report(null);
    setPlayback({ phase: 'starting', clientId });
    play.mutate(clientId, {
      // Playing is shown once the machine's event confirms it, not on this answer.
      onError: (error) => {
        setPlayback(IDLE);
        report({ kind: 'error', text: serverErrorText(error, t('machines.playFailed')) });
      },
    });
  };

  const stopPlaying = (clientId: string) => {
    report(null);
    const before = playback;
    setPlayback({ phase: 'stopping', clientId });
    stop.mutate(clientId, {
      onSuccess: () => setPlayback(IDLE),
      onError: (error) => {
        setPlayback((current) => (current.phase === 'stopping' ? before : current));
        report({ kind: 'error', text: serverErrorText(error, t('machines.stopFailed')) });
      },
    });
  };

  const exportTo = (client: Pick<TConnectedClient, 'client_id' | 'client_name'>) => {
    report(null);
    exportFiles.mutate(client.client_id, {
      onSuccess: (reply) =>
        report({
          kind: 'success',
          text: t('machines.exported', {
            machine: client.client_name,
            path: reply.export_path || t('machines.unknownLocation'),
          }),
        }),
      onError: (error) => report({ kind: 'error', text: serverErrorText(error, t('machines.exportFailed')) }),
    });
  };

  return { playback, exporting: exportFiles.isPending, startPlaying, stopPlaying, exportTo };
}
