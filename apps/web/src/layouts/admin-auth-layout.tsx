import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';

/** The admin sign-in screen's frame: no public style sheet and no public navigation (spec section 2). */
export default function AdminAuthLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <Box component="header" bg="white" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Logo />
            <LanguageSwitch variant="subtle" />
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py="xl" px="md">
        <Outlet />
      </Box>
    </Box>
  );
}
