import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorNavLinkProps = Omit<NavLinkProps, 'active'> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof NavLinkProps> & { ref?: Ref<HTMLAnchorElement> };

/** Mantine's NavLink as an anchor; the router marks the current page with data-status="active" and aria-current. */
function AnchorNavLink({ ref, ...props }: AnchorNavLinkProps) {
  // Filled when active: the light variant's blue-on-blue text misses WCAG AA contrast.
  return <NavLink component="a" ref={ref} variant="filled" active={props['aria-current'] === 'page'} {...props} />;
}

const CreatedNavLink = createLink(AnchorNavLink);

/** A typed router link rendered as a Mantine NavLink (navigation menus). */
export const RouterNavLink: LinkComponent<typeof AnchorNavLink> = (props) => <CreatedNavLink preload="intent" {...props} />;
