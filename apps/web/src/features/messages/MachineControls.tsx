// The detail modal's machine controls: a selector of the station's connected
// machines, kept live by the clients stream, and Play, Stop and Export on the chosen one. Each
// needs a machine ('Please select a machine'); playing shows once the machine confirms it.
import { Badge, Select } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconDownload, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { BlockedButton, type TOutcome } from '../../components/DetailControls';
import { useTranslation } from '../../i18n/react';
import { useConnectedClients } from '../../lib/use-connected-clients';
import { usePlayback } from './use-playback';

/** The machine last chosen, preselected next time while it is connected. */
export const MACHINE_STORAGE_KEY = 'message-station:machine';

type MachineControlsProps = {
  messageId: string;
  /** Another action of the modal is under way. */
  busy: boolean;
  /** The outcome to show, or null to clear the last one. */
  onOutcome: (outcome: TOutcome | null) => void;
  /** Why the message may not be played yet (awaiting approval), or null. */
  playHold?: string | null;
};

export function MachineControls({ messageId, busy, onOutcome, playHold = null }: MachineControlsProps) {
  const { t } = useTranslation('messages');
  const { clients } = useConnectedClients('reconnect');
  const machines = clients.data ?? [];
  const [chosen, setChosen] = useLocalStorage<string | null>({
    key: MACHINE_STORAGE_KEY,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const selected = machines.find((machine) => machine.client_id === chosen) ?? null;
  const { playback, exporting, startPlaying, stopPlaying, exportTo } = usePlayback(
    messageId,
    clients.data,
    onOutcome,
  );
  const { phase } = playback;
  // Stop goes to the machine that is playing, which need not be the one chosen now.
  const stopTarget = playback.clientId ?? selected?.client_id ?? null;
  const playingOn = machines.find((machine) => machine.client_id === playback.clientId);
  const selectMachine = t('machines.selectMachine');
  const askForMachine = () => onOutcome({ kind: 'error', text: selectMachine });

  return (
    <>
      <Select
        size="xs"
        aria-label={t('machines.label')}
        placeholder={
          clients.isPending
            ? t('machines.loading')
            : machines.length
              ? t('machines.choose')
              : t('machines.none')
        }
        data={machines.map((machine) => ({ value: machine.client_id, label: machine.client_name }))}
        value={selected?.client_id ?? null}
        onChange={(value) => setChosen(value)}
        allowDeselect={false}
        disabled={machines.length === 0}
        // Wide enough for the Spanish "No hay equipos conectados".
        w={{ base: '100%', xs: 240 }}
      />
      <BlockedButton
        reason={playHold ?? (selected ? null : selectMachine)}
        disabled={!selected || busy || phase !== 'idle' || playHold !== null}
        loading={phase === 'starting'}
        icon={<IconPlayerPlay size={14} aria-hidden="true" />}
        color="green"
        onClick={() => selected && startPlaying(selected.client_id)}
        onBlockedClick={
          playHold ? () => onOutcome({ kind: 'error', text: playHold }) : selected ? undefined : askForMachine
        }
      >
        {t('machines.play')}
      </BlockedButton>
      {/* Secondary even while playing: Send SMS stays the detail's one filled action (decision 0085). */}
      <BlockedButton
        reason={stopTarget ? null : selectMachine}
        disabled={!stopTarget || busy || phase === 'stopping'}
        loading={phase === 'stopping'}
        icon={<IconPlayerStop size={14} aria-hidden="true" />}
        color="red"
        onClick={() => stopTarget && stopPlaying(stopTarget)}
        onBlockedClick={stopTarget ? undefined : askForMachine}
      >
        {t('machines.stop')}
      </BlockedButton>
      <BlockedButton
        reason={selected ? null : selectMachine}
        disabled={!selected || busy || exporting}
        loading={exporting}
        icon={<IconDownload size={14} aria-hidden="true" />}
        onClick={() => selected && exportTo(selected)}
        onBlockedClick={selected ? undefined : askForMachine}
      >
        {t('machines.export')}
      </BlockedButton>
      {/* Still playing until the stop is confirmed. */}
      {(phase === 'playing' || phase === 'stopping') && (
        <Badge color="green" variant="dot" size="lg" tt="none" role="status">
          {playingOn ? t('machines.playingOn', { machine: playingOn.client_name }) : t('machines.playing')}
        </Badge>
      )}
    </>
  );
}
