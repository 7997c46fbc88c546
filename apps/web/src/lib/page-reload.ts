// Reloading the page, behind an object so tests can replace it and see whether it happened (the
// Machines page reloads after its client stream fails; Settings saves never reload, decision 0080).

export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
