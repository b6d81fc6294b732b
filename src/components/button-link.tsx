import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type MantineButtonAnchorProps = ButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps> & { ref?: Ref<HTMLAnchorElement> };

function MantineButtonAnchor({ ref, ...props }: MantineButtonAnchorProps) {
  return <Button component="a" ref={ref} {...props} />;
}

/** A link that looks like a Mantine button (a place to go, not an action), typed against the route tree. */
export const ButtonLink = createLink(MantineButtonAnchor);
