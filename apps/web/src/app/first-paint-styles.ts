// The Mantine styles of the first paint, in the package's own order, @mantine/core before
// @mantine/notifications as Mantine requires: the public frame (header, footer, the page skeleton
// shown while a page loads, error page, the notifications' container), the landing page with its
// menu and screenshot modal, and the notices (Alert) that the admin area's first view and the
// subscriber pages both show (each loads its own other styles: a file both imported would become
// a chunk of its own). Every other page loads all of Mantine's styles with its code (all-styles.ts,
// through lazyPage);
// first-paint-styles.test.tsx fails when one of these components renders a class not styled here.
// The product's font, Inter (decision 0084): a @font-face only, the file loads with the first text.
import './fonts/fonts.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
