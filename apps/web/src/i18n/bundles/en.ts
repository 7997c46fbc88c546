// Every English namespace, one chunk: loaded before any page other than the landing page renders.
export const files = import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
  eager: true,
  import: 'default',
});
