import { Code } from '@mantine/core';
import type { ReactNode } from 'react';

/** How the catalogs' tags render, the same everywhere: `<b>` the sentence's subject, `<code>` an identifier or URL as typed. */
export const MESSAGE_TAGS = { b: (chunks: ReactNode[]) => <strong>{chunks}</strong>, code: (chunks: ReactNode[]) => <Code>{chunks}</Code> };
