// The Mantine styles of the admin area's first view (its frame and the dashboard) beyond the first
// paint's (../first-paint-styles.ts), in the package's own order. The other admin pages load all of
// Mantine's styles with their code (../all-styles.ts, through lazyPage), which repeats these in the
// same order; first-view.test.tsx fails when the frame or the dashboard renders a class not styled
// by one of the two.
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NavLink.css';
// The first-run checklist's progress bar (features/dashboard/FirstRunCard.tsx, loaded on demand).
import '@mantine/core/styles/Progress.css';
