import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * A catalog as the build compiles it (vite-plugins/compiled-catalogs.ts): `dotted.key → message`,
 * a message being its plain text when it takes no argument, else intl-messageformat's AST.
 */
export type CompiledMessage = string | MessageFormatElement[];
export type CompiledCatalog = Readonly<Record<string, CompiledMessage>>;
