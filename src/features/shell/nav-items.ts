/** The console's sections, in menu order (routes fixed by ARCHITECTURE.md section 6). */
export const NAV_ITEMS = [
  { to: '/declarations', label: 'Declarations' },
  { to: '/review', label: 'Review desk' },
  { to: '/classification', label: 'Classification' },
  { to: '/subscriptions', label: 'Subscriptions' },
  { to: '/movement-orders', label: 'Movement orders' },
  { to: '/ingestion', label: 'Ingestion' },
  { to: '/events', label: 'Events' },
  { to: '/connection', label: 'Connection' },
] as const;
