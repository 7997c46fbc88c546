// Text placed inside an email's HTML part: escaped, so names and messages cannot inject markup.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
