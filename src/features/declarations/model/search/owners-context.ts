import { createContext } from 'react';

/** Owner names by declaration id for the rows on screen; undefined while they load. Given by the results table when the Owner column shows. */
export const OwnersContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);
