// Every Mantine stylesheet, loaded with the code of any page but the landing page (lazyPage).
// It repeats the first-paint rules in the same package order, so the cascade is the same as
// with one stylesheet; @mantine/core comes before the other Mantine packages, as they require.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
