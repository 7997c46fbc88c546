// What every email provider offers: send one message with plain-text and HTML bodies.
export type TEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  stationId?: string | null;
};

export type TEmailProvider = {
  name: 'outbox' | 'smtp';
  send(email: TEmail): Promise<{ id: string }>;
};
