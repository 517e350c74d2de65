/**
 * The signed-in shell's outline (header, sidebar on larger screens, a page skeleton) while the main
 * layout's code loads on the first visit of a signed-in page, instead of a blank screen. Part of
 * the first load, so built from the light parts only; it takes the layout's measures
 * (shell-metrics.ts) so that nothing moves when the real shell replaces it. The page's heading is
 * drawn when the first load can write it (first-view.tsx): home's welcome, the first thing a user
 * reads, does not wait for the shell.
 */
import { Box, Group, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';
import { PageLoading } from './first-view.tsx';
import { shellHeaderHeight, shellNavbarWidth } from './shell-metrics.ts';

/** `page`: what the page's place holds, its heading over a placeholder unless given. */
export function ShellSkeleton({ page }: { page?: ReactNode }) {
  return (
    <Box bg="gray.0" data-testid="shell-skeleton">
      <Group
        h={shellHeaderHeight}
        px={{ base: 'sm', sm: 'lg' }}
        justify="space-between"
        wrap="nowrap"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Brand />
        <Skeleton height={28} width={120} radius="sm" />
      </Group>
      <Group align="stretch" gap={0} wrap="nowrap" mih={`calc(100dvh - ${shellHeaderHeight}px)`}>
        <Box
          visibleFrom="sm"
          w={shellNavbarWidth}
          px="sm"
          py="md"
          bg="white"
          style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}
        >
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
            <Skeleton key={index} height={32} mb="xs" radius="sm" />
          ))}
        </Box>
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py={{ base: 'lg', sm: 32 }}
          maw={1280}
          mx="auto"
          style={{ flexGrow: 1, minWidth: 0 }}
        >
          {page ?? <PageLoading />}
        </Box>
      </Group>
    </Box>
  );
}
