// The Mantine styles the subscriber pages need beyond the first-paint ones (first-paint-styles.ts):
// their form fields, checkboxes, language switch and code boxes, in the package's own order. Loaded
// with the pages' code instead of every Mantine stylesheet (all-styles.ts), and inline in the
// pages the server renders (decision 0044), where every kilobyte of CSS is parsed before the first
// paint. subscriber-styles.test.tsx fails when a subscriber page renders a class not styled by
// these or the first-paint styles.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PinInput.css';
