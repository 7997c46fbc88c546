// Contact form state on the server: sending a message (public and signed-in alike).

import type { TContactRequest } from '@message-station/shared';
import { useMutation } from '@tanstack/react-query';
import { sendContactMessage } from '../../api/contact';
import { withCsrfCookie } from '../../lib/session';

/** Visitors write before any session exists, so the CSRF cookie is fetched first when missing. */
export function useSendContactMessageMutation() {
  return useMutation({
    mutationFn: (request: TContactRequest) => withCsrfCookie(() => sendContactMessage(request)),
  });
}
