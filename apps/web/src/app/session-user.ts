// The signed-in user inside the admin area (the admin guard provides it, so it is never null there).
import type { TSessionUser } from '@message-station/shared';
import { createContext, use } from 'react';

export const SessionUserContext = createContext<TSessionUser | null>(null);

export function useSessionUser(): TSessionUser {
  const user = use(SessionUserContext);
  if (!user) throw new Error('useSessionUser is only available inside the admin area');
  return user;
}
