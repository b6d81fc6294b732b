import shared from './virtual-table.module.css';

/**
 * A virtualised table's classes: the structure every such table shares (a scrolling box, a sticky
 * header, rows placed by the virtualiser) joined with the table's own sizes and looks. Joined here
 * rather than with CSS `composes` across files, which Vite's CSS pipeline warns about.
 */
export function virtualTableClasses(own: CSSModuleClasses): CSSModuleClasses {
  const joined: Record<string, string> = { ...own };
  for (const [name, cls] of Object.entries(shared)) joined[name] = own[name] ? `${cls} ${own[name]}` : cls;
  return joined;
}
