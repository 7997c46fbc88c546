// What a form keeps for its bot check: the payload, the widget's key (to start over), and whether
// the visitor tried to submit before passing it.
import { useState } from 'react';
import { ApiError } from '../api/client';

export type TBotCheckState = ReturnType<typeof useBotCheck>;

export function useBotCheck() {
  const [token, setToken] = useState<string | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  const [missing, setMissing] = useState(false);

  /** A new widget: a payload is good for one request only. */
  const restart = () => {
    setToken(null);
    setWidgetKey((key) => key + 1);
  };

  return {
    token,
    widgetKey,
    missing,
    onVerified: (payload: string | null) => {
      setToken(payload);
      if (payload) setMissing(false);
    },
    /** The payload, or null after flagging that the check must be done first. */
    require: (): string | null => {
      if (!token) setMissing(true);
      return token;
    },
    restart,
    /** The server spends the payload on any answer; only a request that never arrived keeps it. */
    restartAfterFailure: (error: unknown) => {
      if (error instanceof ApiError && error.status === 0) return;
      restart();
    },
  };
}
