// Every Spanish namespace, one chunk: loaded before any page other than the landing page renders.
export const files = import.meta.glob<Record<string, unknown>>('../../locales/es/*.json', {
  eager: true,
  import: 'default',
});
