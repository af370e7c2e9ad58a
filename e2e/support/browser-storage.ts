import type { Page } from '@playwright/test';

/**
 * How many entries the web app's key store holds (IndexedDB 'coffer-keys', store 'keys'); 0 when
 * the database does not exist. It never opens a missing database, which would create it empty.
 */
export function countStoredKeys(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'coffer-keys')) return 0;
    return new Promise<number>((resolve, reject) => {
      const opening = indexedDB.open('coffer-keys');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const database = opening.result;
        if (!database.objectStoreNames.contains('keys')) {
          database.close();
          resolve(0);
          return;
        }
        const counting = database.transaction('keys', 'readonly').objectStore('keys').count();
        counting.onsuccess = () => {
          database.close();
          resolve(counting.result);
        };
        counting.onerror = () => reject(counting.error);
      };
    });
  });
}

/** Every localStorage key of the page's origin. */
export function readStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}
