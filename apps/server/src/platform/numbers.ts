// Counts in the English sentences the API returns beside its codes ("1,250 subscribers"). One
// formatter: Number.prototype.toLocaleString builds a new one on every call.
const EN_US = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return EN_US.format(n);
}
