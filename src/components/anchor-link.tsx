import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type MantineAnchorProps = AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps> & { ref?: Ref<HTMLAnchorElement> };

function MantineAnchor({ ref, ...props }: MantineAnchorProps) {
  return <Anchor component="a" ref={ref} {...props} />;
}

/** Mantine's Anchor as a typed router link (to, params and search checked against the route tree). */
export const AnchorLink = createLink(MantineAnchor);
